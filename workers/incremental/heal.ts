/**
 * Display-only healing of a streaming text's incomplete end, so that half a
 * construct does not flash as raw markers: `**bold` shows bold, `` `code ``
 * code, `[link](` the link text, `$$` math, and a table whose header row is
 * still arriving is held back until its delimiter row can be completed.
 * LaTeX's `\(` and `\[` and a `$` that plainly opens TeX are closed, and the
 * formula left open in any of them healed (heal-math.ts); a quote's alert
 * marker, a shortcode (`:ta`), a heading's `#`s without text and front
 * matter still arriving are held back or closed too, and a task item's box
 * shows before its text.
 * The final render after the stream never goes through here.
 */
import remend from 'remend'
import {frontMatterOf} from '../plugins/remark-front-matter.ts'
import {closeInlineMath, closeLatexMath, healDisplayMath} from './heal-math.ts'
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
