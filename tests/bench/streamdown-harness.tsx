/**
 * Test page: renders markdown with the benchmark's Streamdown mode, as the
 * benchmark configures it, and counts what the page shows.
 */
import {flushSync} from 'react-dom'
import {createRoot} from 'react-dom/client'
import {StreamdownReply, warmStreamdown} from '../../src/bench/modes/streamdown.tsx'

/** What a render shows. */
export interface Shown {
  headings: number
  code: number
  /** Code blocks with highlighted tokens. */
  highlighted: number
  tables: number
  math: number
  footnotes: number
}

declare global {
  interface Window {
    renderStreamdown: (markdown: string) => Promise<Shown>
  }
}

window.renderStreamdown = async (markdown) => {
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  // Code is highlighted once its grammar has loaded: wait until the page is still.
  await warmStreamdown(host, () => flushSync(() => root.render(<StreamdownReply text={markdown} streaming={false} />)))
  const count = (selector: string) => host.querySelectorAll(selector).length
  const shown: Shown = {
    headings: count('h1, h2, h3, h4, h5, h6'),
    code: count('pre'),
    highlighted: [...host.querySelectorAll('pre')].filter((pre) => pre.querySelector('span[style]')).length,
    tables: count('table'),
    math: count('.katex'),
    footnotes: count('section[data-footnotes] li'),
  }
  root.unmount()
  host.remove()
  return shown
}
