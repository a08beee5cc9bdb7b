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
import {startsWithText} from '../../shared/text-change.ts'

const openingFence = /^(`{3,}|~{3,})([^\n]*)\n/

/** The code of a fenced block still open at the end of `text`, as the pipeline gives it to Shiki (with its line ending). */
function codeOf(text: string): string | undefined {
  const open = openingFence.exec(text)
  if (!open) return undefined
  const fence = open[1]!
  if (fence[0] === '`' && open[2]!.includes('`')) return undefined
  const code = text.slice(open[0].length)
  if (!plainCode(code, fence[0]!) || code.startsWith('\n')) return undefined
  return asShikiCode(code)
}

/** Whether `text` is fenced code still open: nothing in it but code, whatever characters the code holds. */
export const isOpenCode = (text: string): boolean => codeOf(text) !== undefined

/** Code with nothing that could close its fence, and no carriage return or NUL (which the parser changes). */
const plainCode = (code: string, fenceChar: string) => !code.includes(fenceChar.repeat(3)) && !code.includes('\r') && !code.includes('\0')

/** Code as the pipeline gives it to Shiki: with one line ending, or empty. */
const asShikiCode = (code: string) => (code === '' || code === '\n' ? '' : code.endsWith('\n') ? code : code + '\n')

/**
 * The code of `text`, `previousText` (whose code was `before`) grown at its
 * end, checking only what was added (and the two characters before it, for
 * a fence it would complete).
 */
function grownCodeOf(previousText: string, before: string, text: string): string | undefined {
  const added = text.slice(previousText.length)
  const fenceChar = previousText[0]!
  if (!plainCode(previousText.slice(-2) + added, fenceChar) || (before === '' && added.startsWith('\n'))) return undefined
  return asShikiCode(text.slice(text.indexOf('\n') + 1))
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

/**
 * What each `<pre>` made here was made from: the block's text, its code as
 * Shiki was given it, and the text's lines. The next append checks only
 * what it adds (walking the highlighted lines, or the whole text, on every
 * append would cost as much as the block).
 */
const madeFrom = new WeakMap<Element, {text: string; code: string; lines: number}>()

/**
 * The render of `text`, the code block `previousText` grown at its end, or
 * `undefined` when not the plain case. A block the new text closes renders
 * as what it is then: stable, so not rendered again once a block follows;
 * only a closed block may be followed by one (`last` false).
 */
export async function renderGrownCode(previous: BlockRender, previousText: string, text: string, last = true): Promise<BlockRender | undefined> {
  const pre = onlyTopElement(previous)
  if (pre?.tagName !== 'pre') return undefined
  const made = madeFrom.get(pre)
  // Shiki names the property `class`, as written in HTML.
  if (!made && !shikiClass.test(String(pre.properties.class))) return undefined
  const language = pre.properties.dataLanguage
  if (typeof language !== 'string' || !startsWithText(text, previousText) || !openingFence.test(previousText)) return undefined
  const known = made?.text === previousText ? made : undefined
  const code = known ? grownCodeOf(previousText, known.code, text) : codeOf(text)
  // Closed, the block is all in `text` (the same opening line, so the same
  // language): the previous render's code need not be checked.
  const closed = code === undefined ? closedCodeOf(text) : undefined
  if (closed === undefined) {
    if (!last || code === undefined) return undefined
    if (!known && !renderedFrom(pre, previousText)) return undefined
  }
  const lines = known && !closed ? known.lines + countLines(text.slice(previousText.length)) : countLines(text)
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
      dataLineEnd: closed ? closed.fenceLine : lines + 1,
    },
    children: highlighted.children,
  }
  if (closed) return withCode(previous, grown, true)
  madeFrom.set(grown, {text, code: code!, lines})
  return withCode(previous, grown, false)
}

const shikiClass = /(?:^| )shiki(?: |$)/

/** `previous` with `pre` for its code, written out rather than spread: this runs on every append to code. */
function withCode(previous: BlockRender, pre: Element, closed: boolean): BlockRender {
  return {
    nodes: [pre],
    slots: previous.slots,
    messages: previous.messages,
    footnoteRefs: [],
    closed: closed || previous.closed,
    endsWithList: previous.endsWithList,
    stable: closed || previous.stable,
    slot: previous.slot,
    slotted: previous.slotted,
    hasHtml: previous.hasHtml,
    split: previous.split,
  }
}

/** Whether `pre`, rendered by the pipeline, holds the code of `text` (see `codeOf`) and ends on its last line. */
function renderedFrom(pre: Element, text: string): boolean {
  const code = codeOf(text)
  return code !== undefined && toString(pre) === code.replace(/\n$/, '') && pre.properties.dataLineEnd === countLines(text) + 1
}
