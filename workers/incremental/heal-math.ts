/**
 * Display-only healing of math still arriving in a streaming text (see
 * heal.ts): `$$` math's formula, and `\(`, `\[` or `$` left open in the last
 * paragraph, closed with the formula's end healed (heal-tex.ts).
 */
import {healTex} from './heal-tex.ts'

/**
 * `healed`, `text` with closers added: when the last is the `$$` of math
 * still arriving, the formula's end is healed too (before the line ending
 * remend puts in front of a block's closer).
 */
export function healDisplayMath(text: string, healed: string): string {
  const start = text.lastIndexOf('$$') + 2
  const close = healed.length - 2
  if (start < 2 || !healed.endsWith('$$') || healed.lastIndexOf('$$', close - 1) !== start - 2 || !healed.startsWith(text.slice(0, start))) return healed
  const formula = healed.slice(start, close)
  const body = formula.trimEnd()
  return healed.slice(0, start) + healTex(body) + formula.slice(body.length) + '$$'
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
export function closeLatexMath(text: string): string {
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
export function closeInlineMath(text: string): string {
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
