/**
 * Fenced code that streams in (the last block, its fence still open) grows
 * at its end: its text is the fence line and then the code, verbatim. So the
 * new code is taken from the text and highlighted (which continues from the
 * lines highlighted before, see rehype-shiki), without parsing the block
 * again: parsing was half of the cost of an append to code.
 *
 * Only the plain case is taken: a fence in column 0 (no indentation to
 * strip), highlighted before without messages, nothing added that could
 * close the fence, no carriage returns or NULs (which the parser changes),
 * and code that does not start with a blank line (which the HTML parser
 * drops). The code the previous render holds must be what the same rule
 * takes from the previous text, or nothing is assumed.
 */
import type {Element} from 'hast'
import {toString} from 'hast-util-to-string'
import {diagramLanguages} from '../plugins/rehype-fence-open.ts'
import {highlightCode} from '../plugins/rehype-shiki.ts'
import {countLines, onlyTopElement, type BlockRender} from './render-block.ts'
import {startsWithText} from './text-diff.ts'

const openingFence = /^(`{3,}|~{3,})([^\n]*)\n/

/** The code of a fenced block still open at the end of `text`, as the pipeline gives it to Shiki (with its line ending). */
function codeOf(text: string): string | undefined {
  const open = openingFence.exec(text)
  if (!open) return undefined
  const fence = open[1]!
  if (fence[0] === '`' && open[2]!.includes('`')) return undefined
  const code = text.slice(open[0].length)
  if (code.includes(fence[0]!.repeat(3)) || /[\r\0]/.test(code) || code.startsWith('\n')) return undefined
  const value = code.replace(/\n$/, '')
  return value === '' ? '' : value + '\n'
}

/**
 * The code of a fenced block that `text` closes: the text up to its closing
 * fence line is an open block (see `codeOf`), and that line is a fence in
 * column 0 of the same character, at least as long, with nothing after it
 * but white space. Blank lines may follow (the block's own).
 */
function closedCodeOf(text: string): {code: string; fenceLine: number} | undefined {
  const open = openingFence.exec(text)
  if (!open) return undefined
  const fence = open[1]!
  const closing = new RegExp(`^${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*(?:\\n[ \\t\\n]*)?$`)
  const from = text.lastIndexOf('\n', text.replace(/[ \t\n]+$/, '').length - 1) + 1
  if (from < open[0].length || !closing.test(text.slice(from))) return undefined
  const code = codeOf(text.slice(0, from))
  return code === undefined ? undefined : {code, fenceLine: countLines(text.slice(0, from)) + 1}
}

/** The text of each `<pre>` made here: its code, which the highlighted lines hold (`toString` would walk them all on every append). */
const grownCode = new WeakMap<Element, string>()

/**
 * The render of `text`, the code block `previousText` grown at its end, or
 * `undefined` when not the plain case. A block the new text closes renders
 * as what it is then: stable, so not rendered again once a block follows;
 * only a closed block may be followed by one (`last` false).
 */
export async function renderGrownCode(previous: BlockRender, previousText: string, text: string, last = true): Promise<BlockRender | undefined> {
  const pre = onlyTopElement(previous)
  // Shiki names the property `class`, as written in HTML.
  if (pre?.tagName !== 'pre' || !String(pre.properties.class).split(' ').includes('shiki')) return undefined
  const language = pre.properties.dataLanguage
  if (typeof language !== 'string' || !startsWithText(text, previousText) || !openingFence.test(previousText)) return undefined
  const code = codeOf(text)
  // Closed, the block is all in `text` (the same opening line, so the same
  // language): the previous render's code need not be checked.
  const closed = code === undefined ? closedCodeOf(text) : undefined
  if (closed === undefined) {
    if (!last) return undefined
    const before = codeOf(previousText)
    if (code === undefined || before === undefined || (grownCode.get(pre) ?? toString(pre)) !== before.replace(/\n$/, '')) return undefined
    if (pre.properties.dataLineEnd !== countLines(previousText) + 1) return undefined
  }
  // As rehype-shiki: the last line of code still open is plain until its line ending comes.
  const highlighted = await highlightCode(language, code ?? closed!.code, !closed && !text.endsWith('\n'))
  if (!highlighted) return undefined
  const grown: Element = {
    ...pre,
    // As rehype-fence-open marks a diagram still open.
    properties: {
      ...highlighted.properties,
      ...(!closed && diagramLanguages.has(language) && {dataFenceOpen: true}),
      dataLineStart: pre.properties.dataLineStart,
      dataLineEnd: closed ? closed.fenceLine : countLines(text) + 1,
    },
    children: highlighted.children,
  }
  grownCode.set(grown, (code ?? closed!.code).replace(/\n$/, ''))
  return closed ? {...previous, nodes: [grown], footnoteRefs: [], closed: true, stable: true} : {...previous, nodes: [grown], footnoteRefs: []}
}
