/**
 * Display-only healing of a streaming text's incomplete end, so that half a
 * construct does not flash as raw markers: `**bold` shows bold, `` `code ``
 * code, `[link](` the link text, `$$` math, and a table whose header row is
 * still arriving is held back until its delimiter row can be completed.
 * LaTeX's `\(` and `\[` are closed, and the formula left open in any of
 * them healed (heal-tex.ts); a quote's alert marker, a shortcode
 * (`:ta`), a heading's `#`s without text and front matter still arriving
 * are held back or closed too, and a task item's box shows before its text.
 * The final render after the stream never goes through here.
 */
import remend from 'remend'
import {frontMatterOf} from '../plugins/remark-front-matter.ts'
import {healTex} from './heal-tex.ts'
import {startsWithText} from '../../shared/text-change.ts'

const pipeRow = /^ {0,3}\|/
const delimiterRow = /^ {0,3}\|?(?: *:?-+:? *\|)+ *:?-*:? *$/
const partialDelimiter = /^ {0,3}\|?[ :|-]*$/
/** A line that may open or close fenced code, after any quote marks and indentation: the fence, then the rest of the line. */
const fenceLine = /^[ \t>]*(`{3,}|~{3,})(.*)$/gm

/** The text healed last: whether it healed as itself, perhaps but for the spaces it ends with (which healing trims outside code), and whether it ends inside fenced code. */
let last: {text: string; atStart: boolean; itself: boolean; inCode: boolean} | undefined

/**
 * `text` with its incomplete end completed or held back, for display.
 * `atStart`: the text starts the document, so it may open front matter.
 * A stream heals its text again on every append: an append that cannot
 * change what the text before it healed to is not read with it again.
 */
export function healTail(text: string, atStart = false): string {
  const before = last?.atStart === atStart && text.length > last.text.length && startsWithText(text, last.text) ? last : undefined
  const stillCode = before?.inCode === true && staysInCode(before.text, text)
  const onlyWords = before?.itself === true && !before.inCode && addsWords(before.text, text)
  const healed = stillCode || onlyWords ? text : healNow(text, atStart)
  // Words open no fence: only a text healed anew may end inside one.
  const inCode = stillCode || (!onlyWords && healed === text && !(atStart && text.startsWith('---')) && insideOpenFence(text))
  last = {text, atStart, itself: healed === text || healed === withoutEndSpaces(text), inCode}
  return healed
}

/**
 * Whether `text`, `before` (which ends inside fenced code) with more added,
 * still ends inside it: no line from `before`'s last on could be a fence.
 */
function staysInCode(before: string, text: string): boolean {
  fenceStart.lastIndex = before.lastIndexOf('\n') + 1
  return !fenceStart.test(text)
}

/** A line that starts like a fence (after any quote marks and indentation). */
const fenceStart = /^[ \t>]*(?:`{3}|~{3})/gm

/** Words, spaces and the marks that end a sentence's parts (none of them opens or closes markup), ending with no space. */
const wordsOnly = /^[\p{L}\p{N} .,]*[\p{L}\p{N}.,]$/u
const wordEnd = /[\p{L}\p{N}.,] *$/u

/**
 * Whether `text` is `before` with words added, after a word: nothing it
 * adds can open or close markup, nor make a mark before it start to, so
 * if nothing in `before` was left open, nothing in `text` is. A stream
 * of prose heals most appends this way, without reading the block again.
 */
function addsWords(before: string, text: string): boolean {
  // But digits alone on a line may be an ordered list's marker.
  return wordEnd.test(before.slice(-64)) && wordsOnly.test(text.slice(before.length)) && !orderedMarkerLine.test(text.slice(-16))
}

const orderedMarkerLine = /(?:^|\n)[ \t>]*\d{1,9}\.?$/

function withoutEndSpaces(text: string): string {
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--
  return text.slice(0, end)
}

/** `text` healed, read whole. */
function healNow(text: string, atStart: boolean): string {
  if (atStart && /^---[ \t]*\r?\n/.test(text)) {
    // Front matter is YAML, not markdown: only the text after it is healed.
    const matter = frontMatterOf(text)
    if (matter) return text.slice(0, matter.end) + healNow(text.slice(matter.end), false)
    // Its first key still arriving: hold it back; a key in: close it.
    if (/^---[ \t]*\r?\n[^\n:]*$/.test(text)) return ''
    if (/^---[ \t]*\r?\n[\w"'-][^\n]*:/.test(text)) return text.replace(/\s*$/, '\n---\n')
  }
  // Code still arriving is shown as written: nothing in it is markup.
  if (insideOpenFence(text)) return text
  // remend would read an escaped bracket as a link's: hide it from remend.
  const hidden = closeInlineMath(closeLatexMath(healBlockStart(holdBackMarkers(text)))).replace(
    /(?<!\\)((?:\\\\)*)\\([[\]])/g,
    (_, before: string, bracket: string) => before + (bracket === '[' ? '\uE000' : '\uE001'),
  )
  const held = healLinkText(healTable(dropIncompleteImage(hidden)))
  const healed = healDisplayMath(
    held,
    remend(held, {
      // These two rewrite complete text (`20~25`, `- > 5`): never.
      singleTilde: false,
      comparisonOperators: false,
      // Inline `$` stays as typed: `$5` may be a price.
      inlineKatex: false,
      images: false,
      linkMode: 'text-only',
      // remend looks for each bracket's partner across the whole text: with
      // thousands of brackets that is quadratic, so such a text's open link
      // shows as typed until it closes.
      links: bracketCount(held) <= maxHealedBrackets,
    }),
  )
  return healed.includes('\uE000') || healed.includes('\uE001') ? healed.replace(/\uE000/g, '\\[').replace(/\uE001/g, '\\]') : healed
}

/** The most brackets a text may hold for its open link to be healed. */
const maxHealedBrackets = 256

function bracketCount(text: string): number {
  let count = 0
  for (let at = text.indexOf('['); at >= 0 && count <= maxHealedBrackets; at = text.indexOf('[', at + 1)) count++
  return count
}

/**
 * `healed`, `text` with closers added: when the last is the `$$` of math
 * still arriving, the formula's end is healed too (before the line ending
 * remend puts in front of a block's closer).
 */
function healDisplayMath(text: string, healed: string): string {
  const start = text.lastIndexOf('$$') + 2
  const close = healed.length - 2
  if (start < 2 || !healed.endsWith('$$') || healed.lastIndexOf('$$', close - 1) !== start - 2 || !healed.startsWith(text.slice(0, start))) return healed
  const formula = healed.slice(start, close)
  const body = formula.trimEnd()
  return healed.slice(0, start) + healTex(body) + formula.slice(body.length) + '$$'
}

/**
 * Hold back what would show as raw markers at the end: an alert's marker
 * still arriving (`> [!NO`), or alone so far; a shortcode still arriving
 * (` :ta`); a footnote reference (`[^1`), which would show its label's
 * text, or a label alone on its line, most likely a definition's before its
 * colon; an opener with nothing after it yet (` **`, `` ` ``, ` $`), which
 * nothing can close; a tag's start (`<`, `<kb`); a line with only a list
 * item's or a quote's marker so far, which would show as text or as an
 * empty item.
 */
function holdBackMarkers(text: string): string {
  const kept = text.replace(/(^|\n)(?: {0,3}>[ \t]?\[(?:!(?:[A-Za-z]*\]?)?)?[ \t]*(?:\n {0,3}>[ \t]*)*\n?)$/, '$1')
  // The others are on the last line: a long block is not searched for them.
  const start = kept.lastIndexOf('\n') + 1
  const line = kept.slice(start)
  const held = line
    .replace(/(^|[\s(]):[+\w-]*$/, '$1')
    .replace(/(^|[^\\])((?:\\\\)*)\[\^[^\s[\]\\]*$/, '$1$2')
    .replace(/^\[\^[^\s[\]\\]*\]$/, '')
    .replace(/(^|[\s(])(?:[*_]{1,3}|~~|`+|\$)$/, '$1')
    .replace(/(^|[\s(>+])<\/?[A-Za-z]*$/, '$1')
    .replace(/^[ \t>]*(?:[-+*]|--|\d{1,9}[.)]?)?[ \t]*$/, '')
  return held === line ? kept : kept.slice(0, start) + held
}

/**
 * A line that has only a heading's `#`s so far is held back (an empty
 * heading would flash its rule), and a task item with only its box so far
 * gets an invisible text, so that it shows as a box and not as `[ ]`.
 */
function healBlockStart(text: string): string {
  const heading = /(^|\n)([ \t>]*)#{1,6}[ \t]*$/.exec(text)
  const task = heading ? undefined : /(?:^|\n)[ \t>]*(?:[-+*]|\d{1,9}[.)])[ \t]+\[[ xX]\][ \t]*$/.test(text)
  if (!heading && !task) return text
  return heading ? text.slice(0, heading.index + heading[1]!.length + heading[2]!.length) : text.replace(/[ \t]*$/, ' \u200B')
}

/**
 * Whether the end of `text` is inside a fenced code block still open: a
 * fence closes only with its own mark, at least as long. Fences in quotes
 * and list items count too.
 */
function insideOpenFence(text: string): boolean {
  if (!text.includes('```') && !text.includes('~~~')) return false
  let open: string | undefined
  for (const [, fence, rest] of text.matchAll(fenceLine)) {
    if (open === undefined) {
      // A backtick fence's info string has no backtick.
      if (fence![0] === '~' || !rest!.includes('`')) open = fence
    } else if (fence![0] === open[0] && fence!.length >= open.length && rest!.trim() === '') {
      open = undefined
    }
  }
  return open !== undefined
}

/**
 * Where the last paragraph of `text` starts, and its text with what `hidden`
 * matches blanked (kept the same length), for a search of math delimiters.
 */
function lastParagraph(text: string, hidden: RegExp): {start: number; masked: string} {
  const start = lastBlankRun(text)
  return {start, masked: text.slice(start).replace(hidden, (match) => ' '.repeat(match.length))}
}

/**
 * Where the last run of blank lines (white space and quote marks only)
 * before the last line of `text` starts, or 0. Read from the end, a line at
 * a time: a search for the last such line from the start would scan the
 * rest of the text from each blank line, which a long quote of empty lines
 * makes quadratic.
 */
function lastBlankRun(text: string): number {
  const isBlank = (from: number, to: number) => /^[ \t>]*$/.test(text.slice(from, to))
  let end = text.lastIndexOf('\n')
  let found = -1
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1)
    if (start < 0) break
    if (isBlank(start + 1, end)) found = start + 1
    else if (found >= 0) break
    end = start
  }
  return Math.max(0, found)
}

/**
 * `\(` or `\[` (at the start of a line) left open in the last paragraph, as
 * `remark-latex-delimiters` reads them, is closed, or dropped while nothing
 * follows it. Not inside a code span.
 */
function closeLatexMath(text: string): string {
  // Code spans and escaped backslashes hide delimiters.
  const paragraph = text.includes('\\') ? lastParagraph(text, /(`+)[\s\S]*?\1|\\\\/g) : undefined
  if (!paragraph) return text
  const {start: paragraphStart, masked} = paragraph
  let open: {at: number; closer: string} | undefined
  for (const match of masked.matchAll(/\\([()[\]])/g)) {
    const sign = match[1]!
    if (!open && (sign === '(' || (sign === '[' && atLineStart(masked, match.index)))) open = {at: match.index, closer: sign === '(' ? '\\)' : '\\]'}
    else if (open && (sign === ')' || sign === ']') && open.closer.endsWith(sign)) open = undefined
  }
  if (!open) return text
  const at = paragraphStart + open.at
  const inside = healTex(text.slice(at + 2))
  if (inside.trim() === '') return text.slice(0, at)
  return text.slice(0, at + 2) + inside + ' ' + open.closer
}

/** Whether only white space and quote marks stand before `at` on its line: read back from `at`, which stops at the first other character. */
function atLineStart(text: string, at: number): boolean {
  for (let index = at - 1; index >= 0 && text[index] !== '\n'; index--) if (!' \t>'.includes(text[index]!)) return false
  return true
}

/**
 * A `$` left open in the last paragraph, by the rule of
 * remark-math-strict.ts, when what follows it is plainly TeX: closed, with
 * the formula's end healed. Plainly TeX is a command, a group, a
 * superscript or a one-letter variable first (`$f(x)`), and no digit first:
 * not a price (`$10 for x^2`), nor a shell variable (`$HOME_DIR`). Not
 * inside a code span, nor an escaped `\$`, nor `$$`.
 */
function closeInlineMath(text: string): string {
  // Code spans, escaped dollars and escaped backslashes hide dollars.
  const paragraph = text.includes('$') ? lastParagraph(text, /(`+)[\s\S]*?\1|\\[\\$]/g) : undefined
  if (!paragraph) return text
  const {start: paragraphStart, masked} = paragraph
  let open: number | undefined
  for (const match of masked.matchAll(/\$+/g)) {
    if (match[0].length > 1) continue
    const at = match.index
    const canOpen = at + 1 < masked.length && !/\s/.test(masked[at + 1]!)
    // The first `$` after an opener decides: it closes, or the opener was text.
    if (open !== undefined && !/\s/.test(masked[at - 1]!) && !/[0-9]/.test(masked[at + 1] ?? '')) open = undefined
    else open = canOpen ? at : undefined
  }
  if (open === undefined) return text
  const at = paragraphStart + open
  const formula = text.slice(at + 1)
  if (!/[\\^{]|^[A-Za-z](?![A-Za-z])/.test(formula) || /^[0-9]/.test(formula)) return text
  const healed = healTex(formula).trimEnd()
  return healed === '' ? text.slice(0, at) : `${text.slice(0, at + 1)}${healed}$`
}

/** An image whose address is still arriving would show as a broken image. */
function dropIncompleteImage(text: string): string {
  return text.replace(/!\[[^\]\n]*(?:\](?:\([^)\s]*)?)?$/, '')
}

/**
 * A link's text whose address has not come yet (`[text]` at the end) shows
 * as its text, as remend shows `[text`. Not a task's box, a footnote's or an
 * alert's label, the second half of `[text][label]`, nor brackets inside
 * code or math still open (an odd number of backticks or dollars before it
 * in the paragraph).
 */
function healLinkText(text: string): string {
  if (!text.endsWith(']')) return text
  const open = text.lastIndexOf('[')
  const label = text.slice(open + 1, -1)
  if (open < 0 || label === '' || label.includes(']') || /^[\^!]|^[ xX]$/.test(label) || text[open - 1] === ']') return text
  const paragraph = text.slice(text.lastIndexOf('\n\n', open) + 1, open)
  if (paragraph.split('`').length % 2 === 0 || paragraph.split('$').length % 2 === 0) return text
  return text.slice(0, open) + label
}

function healTable(text: string): string {
  const lines = text.split('\n')
  // Rows at the end (before the line ending the text may end with), and whether a delimiter row is among them.
  const end = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length
  let first = end
  while (first > 0 && pipeRow.test(lines[first - 1]!)) first--
  if (first === end) return text
  const rows = lines.slice(first, end)
  const header = rows[0]!
  if (rows.length >= 2 && delimiterRow.test(rows[1]!) && (rows.length > 2 || text.endsWith('\n'))) return text
  if (rows.length === 2 && partialDelimiter.test(rows[1]!)) {
    // `| a | b |` then `|--`: complete the delimiter row from the header.
    const cells = header
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|').length
    return [...lines.slice(0, first), header, '|' + ' --- |'.repeat(cells)].join('\n')
  }
  if (rows.length >= 2 && delimiterRow.test(rows[1]!)) return text
  // A header row without its delimiter yet: hold it back.
  return lines.slice(0, first).join('\n')
}
