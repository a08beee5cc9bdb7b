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
