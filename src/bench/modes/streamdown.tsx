/**
 * Streamdown: the renderer a chat UI built today picks, configured as its
 * README recommends: the code plugin (Shiki, its own highlighter and
 * grammars) and the math plugin (KaTeX), its stylesheet (the app already loads KaTeX's), in
 * streaming mode with `isAnimating` while text arrives. One change: inline
 * `$…$` math is on (`singleDollarTextMath`), so it renders the same math as
 * the other modes. Everything runs on the main thread; code is highlighted
 * asynchronously and shows plain until its highlighter is ready.
 */
import {code} from '@streamdown/code'
import {createMathPlugin} from '@streamdown/math'
import {Streamdown} from 'streamdown'
import 'streamdown/styles.css'
import {createTally, latestWins, type DriverOptions, type ModeDriver} from './driver.ts'

const plugins = {code, math: createMathPlugin({singleDollarTextMath: true})}

/** Streamdown rendering `text`; `streaming` while the text still grows. */
export function StreamdownReply({text, streaming}: {text: string; streaming: boolean}) {
  return (
    <Streamdown plugins={plugins} isAnimating={streaming}>
      {text}
    </Streamdown>
  )
}

/** Render `text` once on `show`, then wait until the page stops changing: its code highlighted. */
export async function warmStreamdown(host: Element, show: () => void, limitMs = 10_000): Promise<void> {
  let last = performance.now()
  const observer = new MutationObserver(() => void (last = performance.now()))
  observer.observe(host, {subtree: true, childList: true, attributes: true, characterData: true})
  show()
  const started = performance.now()
  while (performance.now() - last < 500 && performance.now() - started < limitMs) await new Promise((resolve) => setTimeout(resolve, 100))
  observer.disconnect()
}

/** Start the Streamdown mode. */
export async function startStreamdown({stage, probe, warmUpText}: DriverOptions): Promise<ModeDriver> {
  // Its grammars load on first use: warm them (and KaTeX) on a document with the same languages.
  await warmStreamdown(document.body, () => stage.showElement(<StreamdownReply text={warmUpText} streaming={false} />))
  stage.clear()

  const renderMs = createTally()
  let heal = false
  const renderer = latestWins(async (text, version) => {
    const started = performance.now()
    stage.showElement(<StreamdownReply text={text} streaming={heal} />)
    const mainMs = performance.now() - started
    renderMs.add(mainMs)
    probe.shown({version, partial: false, mainMs, workerMs: null})
  }, probe.fail)

  return {
    update(text, options = {}) {
      heal = options.heal ?? false
      return renderer.update(text)
    },
    takeStages: async () => null,
    takeRenderMs: renderMs.take,
    close: () => renderer.close(),
  }
}
