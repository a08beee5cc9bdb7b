/**
 * Display-only healing of a streaming text's incomplete end, so that half a
 * construct does not flash as raw markers: `**bold` shows bold, `` `code ``
 * code, `[link](` the link text, `$$` math, and a table whose header row is
 * still arriving is held back until its delimiter row can be completed.
 * The final render after the stream never goes through here.
 */
import remend from 'remend'

const pipeRow = /^ {0,3}\|/
const delimiterRow = /^ {0,3}\|?(?: *:?-+:? *\|)+ *:?-*:? *$/
const partialDelimiter = /^ {0,3}\|?[ :|-]*$/

/** `text` with its incomplete end completed or held back, for display. */
export function healTail(text: string): string {
  return remend(healTable(dropIncompleteImage(text)), {
    // These two rewrite complete text (`20~25`, `- > 5`): never.
    singleTilde: false,
    comparisonOperators: false,
    // Inline `$` stays as typed: `$5` may be a price.
    inlineKatex: false,
    images: false,
    linkMode: 'text-only',
  })
}

/** An image whose address is still arriving would show as a broken image. */
function dropIncompleteImage(text: string): string {
  return text.replace(/!\[[^\]\n]*(?:\]\([^)\s]*)?$/, '')
}

function healTable(text: string): string {
  const lines = text.split('\n')
  // Rows at the end, and whether a delimiter row is among them.
  let first = lines.length
  while (first > 0 && pipeRow.test(lines[first - 1]!)) first--
  if (first === lines.length) return text
  const rows = lines.slice(first)
  const header = rows[0]!
  if (rows.length >= 2 && delimiterRow.test(rows[1]!) && (rows.length > 2 || text.endsWith('\n'))) return text
  if (rows.length === 2 && partialDelimiter.test(rows[1]!)) {
    // `| a | b |` then `|--`: complete the delimiter row from the header.
    const cells = header.trim().replace(/^\||\|$/g, '').split('|').length
    return [...lines.slice(0, first), header, '|' + ' --- |'.repeat(cells)].join('\n')
  }
  if (rows.length >= 2 && delimiterRow.test(rows[1]!)) return text
  // A header row without its delimiter yet: hold it back.
  return lines.slice(0, first).join('\n')
}
