/**
 * Split markdown into top-level blocks cheaply, line by line, without a parse.
 *
 * A block boundary is only placed where a full parse is sure to start a new
 * top-level block whose rendering cannot depend on what came before it
 * (beyond the document-wide context handled elsewhere): at a line that starts
 * in column 0 with a non-space character, right after a blank line, when no
 * construct that can span blank lines is open. Anything doubtful merges
 * blocks, which costs speed, never correctness.
 *
 * Constructs that span blank lines: fenced code, `$$` math, HTML blocks of
 * kinds 1–5 (CommonMark §4.6), lists (a later item at column 0 continues the
 * list and makes it loose), and raw HTML elements left open (the HTML parser
 * keeps an unclosed `<div>` or `<b>` open over later blocks).
 *
 * Front matter (`---` … `---` on the first lines) is a block of its own,
 * whatever it holds: the parser reads it only at the very start.
 */
import {frontMatterOf} from '../plugins/remark-front-matter.ts'

/** Scanner state at a line boundary. */
export interface ScanState {
  /** Closing condition of the open fence, math or HTML block, if any. */
  open: Open | undefined
  /** The current top-level block is a list that a later item could continue. */
  inList: boolean
  /** Raw HTML elements open since the block began, innermost last. */
  openTags: readonly string[]
  /** The previous line was blank. */
  afterBlank: boolean
  /** The last non-blank line was indented by four columns or more. */
  afterIndented: boolean
  /**
   * The lines since the last footnote definition that starts in column 0
   * all belong to it: the next such definition starts a block even without
   * a blank line before it (the definitions at the end of a reply).
   */
  inFootnote: boolean
}

type Open = {kind: 'fence'; marker: string; size: number; indent: number} | {kind: 'html'; end: RegExp}

/** Where a line starts, and the scanner's state there. */
export interface LineStart {
  at: number
  state: ScanState
}

/** One top-level block: `text.slice(start, end)` including its trailing blank lines. */
export interface ScannedBlock {
  start: number
  end: number
  /** State at `start`, so a later scan can resume there. */
  state: ScanState
  /** Its last line, so a later scan can resume there too (never within front matter). */
  lastLine?: LineStart
}

/** State at the start of a document. */
export const initialState: ScanState = {open: undefined, inList: false, openTags: [], afterBlank: true, afterIndented: false, inFootnote: false}

const blankLines = /(?:[ \t]*(?:\r\n|\n|\r))*/y
const fenceOpen = /^( {0,3})(`{3,}|~{3,}|\${2,})(.*)$/
const listMarker = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/
const footnoteStart = /^\[\^[A-Za-z0-9_-]+\]:(?:[ \t]|$)/
/** A footnote definition whose text is a paragraph (it starts with a letter), which later lines can continue. */
const footnoteParagraph = /^\[\^[A-Za-z0-9_-]+\]: +\p{L}/u
const htmlStarts: Array<[RegExp, RegExp]> = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
]
const formattingElements = new Set(['a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u'])
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'])

/**
 * Scan `text` from offset `from` (a line start that starts a block) in state
 * `state`, or from `resume`, a line of that first block whose start and
 * state are known (the text before it unchanged). Stops early when
 * `resync(start, state)` says a block found at `start` is known already;
 * the last block then ends there (`stoppedAt`). Front matter is looked for
 * when `atStart`: `text` may be the end of a document only.
 */
export function scanBlocks(
  text: string,
  from = 0,
  state: ScanState = initialState,
  resync?: (start: number, state: ScanState) => boolean,
  resume?: LineStart,
  atStart = from === 0,
): {blocks: ScannedBlock[]; stoppedAt: number | undefined} {
  const blocks: ScannedBlock[] = [{start: from, end: text.length, state}]
  const matter = atStart ? frontMatterOf(text) : undefined
  const resumed = resume !== undefined && !matter
  let current = resumed ? resume.state : {...state}
  let position = resumed ? resume.at : from
  // Where the first line after front matter and the blank lines after it
  // starts: a block, whatever the line (an indented one too), since the
  // front matter's block renders after no context.
  let afterMatter = -1
  if (matter) {
    position = matter.end
    current = {...initialState}
    blankLines.lastIndex = position
    afterMatter = position + blankLines.exec(text)![0].length
  }
  // A line ends at `\n`, `\r\n` or a lone `\r`, as in CommonMark (§2.1).
  let nextReturn = text.indexOf('\r', position)
  // The last line of the block being scanned.
  let lineAt = -1
  let lineState = current
  while (position < text.length) {
    let lineEnd = text.indexOf('\n', position)
    if (lineEnd < 0) lineEnd = text.length
    if (nextReturn >= 0 && nextReturn < position) nextReturn = text.indexOf('\r', position)
    if (nextReturn >= 0 && nextReturn < lineEnd) lineEnd = nextReturn
    const line = text.slice(position, lineEnd)
    if (position > from && (position === afterMatter ? line.trim() !== '' : isBoundary(line, current))) {
      const block = blocks[blocks.length - 1]!
      block.end = position
      if (lineAt >= 0) block.lastLine = {at: lineAt, state: lineState}
      if (resync?.(position, current)) return {blocks, stoppedAt: position}
      blocks.push({start: position, end: text.length, state: {...current}})
    }
    lineAt = position
    lineState = current
    current = advance(current, line)
    position = lineEnd + (text.startsWith('\r\n', lineEnd) ? 2 : 1)
  }
  if (lineAt >= 0) blocks[blocks.length - 1]!.lastLine = {at: lineAt, state: lineState}
  return {blocks, stoppedAt: undefined}
}

/** Whether two states at a block start behave the same from there on. */
export function sameState(a: ScanState, b: ScanState): boolean {
  return (
    a.inList === b.inList &&
    a.afterBlank === b.afterBlank &&
    a.afterIndented === b.afterIndented &&
    a.inFootnote === b.inFootnote &&
    a.open === undefined &&
    b.open === undefined &&
    a.openTags.length === 0 &&
    b.openTags.length === 0
  )
}

function isBoundary(line: string, state: ScanState): boolean {
  if (state.open || state.openTags.length > 0) return false
  // A footnote definition in column 0 ends the one before, as a container that line does not continue.
  if (!state.afterBlank) return state.inFootnote && footnoteStart.test(line)
  const first = line.charCodeAt(0)
  // Column 0, not a space, tab or blank line.
  if (!(first > 32)) return false
  if (state.inList && listMarker.test(line)) return false
  // micromark lets a block after indented code interrupt it as if it were a
  // paragraph, so an empty list item or an HTML tag there reads differently,
  // also inside a quote (`> *`).
  if (state.afterIndented && (listMarker.test(line) || line.startsWith('<') || line.startsWith('>'))) return false
  return true
}

/** The state after `line`. */
function advance(state: ScanState, line: string): ScanState {
  const blank = /^[ \t]*$/.test(line)
  // Written out: a spread makes a differently shaped object, and this runs on every line.
  const next: ScanState = {
    open: state.open,
    inList: state.inList,
    openTags: state.openTags,
    afterBlank: blank,
    afterIndented: state.afterIndented,
    inFootnote: state.inFootnote,
  }
  if (state.open) {
    next.open = stillOpen(state.open, line)
    return next
  }
  if (blank) return next
  next.afterIndented = /^(?: {4}| {0,3}\t)/.test(line)
  // A run of definitions starts at a block's start (elsewhere it could be in an HTML block, say).
  next.inFootnote = (state.afterBlank || state.inFootnote) && (footnoteParagraph.test(line) || staysInFootnote(line, state))
  // A non-list line in column 0 after a blank line ends the list.
  if (state.afterBlank && line.charCodeAt(0) > 32 && !listMarker.test(line)) next.inList = false
  if (listMarker.test(line)) next.inList = true

  const fence = fenceOpen.exec(line)
  if (fence) {
    const marker = fence[2]!
    const info = fence[3]!
    // An info string may not contain the fence character for ` and $ fences.
    if (marker[0] === '~' || !info.includes(marker[0]!)) {
      next.open = {kind: 'fence', marker: marker[0]!, size: marker.length, indent: fence[1]!.length}
      return next
    }
  }
  for (const [start, end] of htmlStarts) {
    const match = start.exec(line)
    if (match) {
      if (!end.test(line.slice(match[0].length - 1))) next.open = {kind: 'html', end}
      return next
    }
  }
  next.openTags = openTagsAfter(state.openTags, line)
  return next
}

/**
 * Whether `line` keeps the footnote definition open as a paragraph: text
 * that goes on with its paragraph (a lazy line included), or after a blank
 * line a paragraph of its own, indented into the definition.
 */
function staysInFootnote(line: string, state: ScanState): boolean {
  if (!state.inFootnote) return false
  return state.afterBlank ? /^ {4,7}\p{L}/u.test(line) : /^ *\p{L}/u.test(line)
}

function stillOpen(open: Open, line: string): Open | undefined {
  if (open.kind === 'html') return open.end.test(line) ? undefined : open
  const match = fenceOpen.exec(line)
  if (!match || match[2]![0] !== open.marker || match[2]!.length < open.size || match[3]!.trim() !== '') return open
  // A closer less indented than its opener may sit outside the list item
  // that held the opener: it then opens a new top-level fence instead.
  if (match[1]!.length < open.indent) return {...open, size: match[2]!.length, indent: match[1]!.length}
  return undefined
}

/** Raw HTML elements still open after `line`; code spans are ignored. */
function openTagsAfter(open: readonly string[], line: string): readonly string[] {
  if (!line.includes('<')) return open
  const cleaned = line.replace(/\\./g, '').replace(/(`+)(?:(?!\1)[\s\S])*?\1(?!`)/g, '')
  let stack = open
  for (const match of cleaned.matchAll(/<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)([^<>]*?)(\/?)>?/g)) {
    const name = match[2]!.toLowerCase()
    if (voidElements.has(name) || match[4] === '/') continue
    if (!match[1]) {
      stack = [...stack, name]
    } else {
      // A closing tag closes the innermost element of its name and what is
      // open inside it, except formatting elements, which the HTML parser
      // reopens in later blocks (HTML standard, "reconstruct the active
      // formatting elements").
      const index = stack.lastIndexOf(name)
      if (index >= 0) stack = [...stack.slice(0, index), ...stack.slice(index + 1).filter((tag) => formattingElements.has(tag))]
    }
  }
  return stack
}
