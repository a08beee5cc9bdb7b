/**
 * Whether `text` starts with `prefix`. Equality of a slice is a memory
 * compare in V8; `startsWith` goes a character at a time, and a streamed
 * block checks its whole previous text on every append.
 */
export function startsWithText(text: string, prefix: string): boolean {
  return text.length >= prefix.length && text.slice(0, prefix.length) === prefix
}

/** Length of the common prefix of `a` and `b`, compared a slice at a time. */
export function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length)
  if (startsWithText(b, a)) return a.length
  let index = 0
  const step = 1024
  while (index + step <= max && a.slice(index, index + step) === b.slice(index, index + step)) index += step
  while (index < max && a.charCodeAt(index) === b.charCodeAt(index)) index++
  return index
}

/** Length of the common suffix of `a` and `b`, at most `max`. */
export function commonSuffixLength(a: string, b: string, max: number): number {
  let length = 0
  const step = 1024
  while (length + step <= max && a.slice(a.length - length - step, a.length - length) === b.slice(b.length - length - step, b.length - length)) {
    length += step
  }
  while (length < max && a.charCodeAt(a.length - length - 1) === b.charCodeAt(b.length - length - 1)) length++
  return length
}

// A line ending is `\n`, `\r\n` or a lone `\r`, as in CommonMark (§2.1).
/** The text ends with a blank line (a block followed by one). */
export const endsWithBlankLine = /(?:\r\n|\r(?!\n)|\n)[ \t]*(?:\r\n|\r|\n)$/

/**
 * `text` without its last line ending and the blank lines after it: cut at
 * the first line ending in its trailing white space. Read from the end, as
 * a regular expression would read all of it.
 */
export function withoutTrailingBlankLines(text: string): string {
  let start = text.length
  while (start > 0 && isWhiteSpace(text.charCodeAt(start - 1))) start--
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 10 || code === 13) return text.slice(0, index)
  }
  return text
}

/** A space, a tab or a line ending. */
const isWhiteSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13
