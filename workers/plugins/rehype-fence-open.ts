/**
 * Mark a ```` ```mermaid ```` fence that the text does not close yet with
 * `data-fence-open`: the preview draws a diagram only once its closing fence
 * has come, and shows the source until then, rather than half a diagram or
 * a syntax error on every streamed token. Closed or not is read from the
 * source, so a full render and a streamed one agree.
 */
import type {Root} from 'hast'
import type {VFile} from 'vfile'
import {forEachElement, SKIP} from './walk.ts'

/** Code languages drawn as diagrams in the preview. */
export const diagramLanguages: ReadonlySet<string> = new Set(['mermaid'])

export default function rehypeFenceOpen() {
  return function (tree: Root, file: VFile) {
    const source = String(file.value)
    if (!source.includes('mermaid')) return
    forEachElement(tree, (pre) => {
      if (pre.tagName !== 'pre') return undefined
      const {start, end} = pre.position ?? {}
      const language = pre.properties.dataLanguage
      if (typeof language === 'string' && diagramLanguages.has(language) && start?.offset !== undefined && end?.offset !== undefined) {
        if (!fenceClosed(source.slice(start.offset, end.offset))) pre.properties.dataFenceOpen = true
      }
      return SKIP
    })
  }
}

/**
 * Whether the source of a fenced code block (from its opening fence on)
 * ends with its closing fence: a last line, after any quote or list
 * indentation, of the same fence character at least as long. A line like
 * that inside the code would have closed the block there.
 */
export function fenceClosed(block: string): boolean {
  const opening = /^(`{3,}|~{3,})/.exec(block)
  const lastBreak = block.lastIndexOf('\n')
  if (!opening || lastBreak < 0) return false
  const fence = opening[1]!
  const last = block.slice(lastBreak + 1).replace(/^[ \t>]*/, '')
  const closing = new RegExp(`^${fence[0]}{${fence.length},}[ \\t]*$`)
  return closing.test(last)
}
