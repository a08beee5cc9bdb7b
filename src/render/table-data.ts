/**
 * A rendered table's cells as text, and that text as Markdown or CSV, for
 * the table toolbar. Read from the block's HAST, not the DOM: a wide table
 * mounts only the columns in view (its rows are in `data.wideTable`).
 */
import type {Element, ElementContent} from 'hast'

/** Column alignment, as GFM writes it in the delimiter row. */
export type Align = 'left' | 'center' | 'right' | undefined

/** A table's text: its rows of cells (the header row first) and each column's alignment. */
export interface TableData {
  rows: string[][]
  aligns: Align[]
}

/** How a cell's math shows: Markdown keeps its `$…$`, CSV its bare TeX. */
export type MathStyle = 'dollars' | 'bare'

/** What a cell becomes: Markdown as it was written (emphasis, code, links, math), or the text a reader sees. */
export type CellStyle = 'markdown' | 'text'

const elements = (nodes: readonly ElementContent[]) => nodes.filter((child): child is Element => child.type === 'element')

/** The cells of `table` (a `<table>` element as the worker sent it), in `style`. */
export function tableData(table: Element, style: CellStyle = 'markdown'): TableData {
  const sections = table.data?.wideTable ?? table.children
  const rows: Element[] = []
  for (const node of elements(sections)) {
    if (node.tagName === 'tr') rows.push(node)
    else rows.push(...elements(node.children).filter((row) => row.tagName === 'tr'))
  }
  const cells = rows.map((row) => elements(row.children).filter((cell) => cell.tagName === 'th' || cell.tagName === 'td'))
  const aligns = (cells[0] ?? []).map((cell) => alignOf(cell.properties.align))
  const cellText = (cell: Element) => (style === 'markdown' ? inlineMarkdown(cell.children).trim() : readableText(cell, 'bare'))
  return {rows: cells.map((row) => row.map(cellText)), aligns}
}

function alignOf(value: unknown): Align {
  return value === 'left' || value === 'center' || value === 'right' ? value : undefined
}

/**
 * Text of an element (a cell, a heading) as a reader sees it: `<br>` is a line break, and a KaTeX
 * formula is its TeX source (its HTML and MathML would give the formula's
 * text twice, garbled).
 */
export function readableText(node: Element, math: MathStyle): string {
  let text = ''
  const visit = (nodes: readonly ElementContent[]) => {
    for (const child of nodes) {
      if (child.type === 'text') text += child.value
      else if (child.type !== 'element') continue
      else if (child.tagName === 'br') text += '\n'
      else if (classesOf(child).includes('katex')) text += texOf(child, math)
      else visit(child.children)
    }
  }
  visit(node.children)
  return text.trim()
}

function classesOf(node: Element): unknown[] {
  const value = node.properties.className
  return Array.isArray(value) ? value : []
}

/** The TeX source that KaTeX keeps in its MathML's annotation. */
function texOf(katex: Element, math: MathStyle): string {
  let tex = ''
  const find = (nodes: readonly ElementContent[]): boolean =>
    nodes.some((child) => {
      if (child.type !== 'element') return false
      if (child.tagName === 'annotation') {
        tex = elements(child.children).length === 0 ? child.children.map((text) => (text.type === 'text' ? text.value : '')).join('') : ''
        return true
      }
      return find(child.children)
    })
  find(katex.children)
  return math === 'dollars' ? `$${tex}$` : tex
}

/**
 * Markdown of inline content as it would have been written: emphasis,
 * strikethrough, code, links, images, footnote references and math (as
 * `$…$`); other elements give their content, and characters that Markdown
 * would read as syntax are escaped. Pipes and line breaks are left to
 * `tableToMarkdown`.
 */
function inlineMarkdown(nodes: readonly ElementContent[]): string {
  let text = ''
  for (const child of nodes) {
    if (child.type === 'text') text += child.value.replace(/[\\`*_[\]~$<&]/g, '\\$&')
    else if (child.type !== 'element') continue
    else if (child.tagName === 'br') text += '\n'
    else if (classesOf(child).includes('katex')) text += texOf(child, 'dollars')
    else text += elementMarkdown(child)
  }
  return text
}

function elementMarkdown(node: Element): string {
  const inner = () => inlineMarkdown(node.children)
  const {href, src, alt} = node.properties
  switch (node.tagName) {
    case 'strong':
      return `**${inner()}**`
    case 'em':
      return `*${inner()}*`
    case 'del':
      return `~~${inner()}~~`
    case 'code':
      return codeSpan(readableText(node, 'bare'))
    case 'img':
      return `![${String(alt ?? '')}](${destination(String(src ?? ''))})`
    case 'a': {
      // A footnote reference: the label is in the address of its note.
      const note = node.properties.dataFootnoteRef !== undefined && /^#(?:user-content-)?fn-(.+)$/.exec(String(href ?? ''))
      return note ? `[^${decodeURIComponent(note[1]!)}]` : `[${inner()}](${destination(String(href ?? ''))})`
    }
    default:
      return inner()
  }
}

/** `code` as a code span, fenced with more backticks than it holds in a row. */
function codeSpan(code: string): string {
  const fence = '`'.repeat(Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length)) + 1)
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${code}${pad}${fence}`
}

/** A link or image address as Markdown writes it: in `<…>` when it has spaces or parentheses. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, (c) => encodeURIComponent(c))}>` : url
}

/** `data` as a GFM table: pipes escaped (GFM splits cells at a bare one, even in code and math), line breaks as `<br>`, every row as wide as the header. */
export function tableToMarkdown({rows, aligns}: TableData): string {
  const width = Math.max(1, aligns.length, ...rows.map((row) => row.length))
  const line = (cells: string[]) => `| ${Array.from({length: width}, (_, index) => markdownCell(cells[index] ?? '')).join(' | ')} |`
  const delimiter = Array.from({length: width}, (_, index) => {
    const align = aligns[index]
    return align === 'left' ? ':---' : align === 'center' ? ':---:' : align === 'right' ? '---:' : '---'
  })
  const [header = [], ...body] = rows
  return [line(header), `| ${delimiter.join(' | ')} |`, ...body.map(line)].join('\n') + '\n'
}

function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>')
}

/** `rows` as CSV (RFC 4180): fields with a comma, quote or line break quoted, quotes doubled, CRLF line ends. */
export function rowsToCsv(rows: readonly (readonly string[])[]): string {
  const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n'
}
