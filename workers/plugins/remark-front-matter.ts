/**
 * YAML front matter (`---` … `---` on the very first lines) shown as GitHub
 * shows it: a table with the keys as its header row and the values as its
 * one row. Nested values show as JSON in code; front matter that is not a
 * mapping of keys shows as YAML code, with a message when it does not parse.
 * Empty front matter shows nothing.
 *
 * The YAML parser is loaded on first use.
 */
import remarkFrontmatter from 'remark-frontmatter'
import type {Code, PhrasingContent, Root, Table, TableCell, Yaml} from 'mdast'
import type {Processor} from 'unified'
import type {VFile} from 'vfile'

/** The front matter fence's opening line, as micromark-extension-frontmatter reads it. */
const opener = /^---[ \t]*(?:\r\n|\r|\n)/
const closer = /^---[ \t]*$/gm

/**
 * The front matter of `text`: its YAML, and where it ends (after its closing
 * line and that line's ending); `undefined` when `text` has none.
 */
export function frontMatterOf(text: string): {yaml: string; end: number} | undefined {
  const open = opener.exec(text)
  if (!open) return undefined
  // Searched in place: a long document that starts with a rule is not copied.
  closer.lastIndex = open[0].length
  const close = closer.exec(text)
  if (!close) return undefined
  let end = close.index + close[0].length
  if (text.startsWith('\r\n', end)) end += 2
  else if (text[end] === '\n' || text[end] === '\r') end++
  return {yaml: text.slice(open[0].length, close.index), end}
}

/** Front matter, read and shown as a table. */
export default function remarkFrontMatter(this: Processor) {
  remarkFrontmatter.call(this, 'yaml')
  onlyWhenClosed(this)
  return async (tree: Root, file: VFile) => {
    const first = tree.children[0]
    if (first?.type !== 'yaml') return
    const {parse} = await import('yaml')
    let data: unknown
    try {
      // Its warnings (an unknown tag, a key that is a list) would go to the
      // worker's console or the CLI's stderr; the table shows what was read.
      data = parse(first.value, {logLevel: 'error'})
    } catch (error) {
      file.message('Could not read the front matter as YAML', {
        place: first.position,
        ruleId: 'front-matter',
        source: 'offthread',
        cause: error instanceof Error ? error : undefined,
      })
      tree.children[0] = asCode(first)
      return
    }
    if (data === null || data === undefined || (isMapping(data) && Object.keys(data).length === 0)) tree.children.shift()
    else tree.children[0] = isMapping(data) ? asTable(data, first) : asCode(first)
  }
}

/**
 * The front matter construct, tried only on a source whose front matter is
 * closed. Unclosed, the construct takes in the whole document before it
 * fails, and as it is concrete (as fenced code is) no list or quote starts
 * meanwhile: `---` then `- item` would lose its list.
 */
function onlyWhenClosed(processor: Processor): void {
  const parser = processor.parser
  if (!parser) throw new Error('remarkFrontMatter goes after remark-parse')
  let closed = false
  processor.parser = (document, file) => {
    closed = document.startsWith('---') && frontMatterOf(document) !== undefined
    return parser(document, file)
  }
  const extensions = processor.data('micromarkExtensions') ?? []
  const flow = extensions[extensions.length - 1]?.flow ?? {}
  for (const list of Object.values(flow)) {
    for (const construct of Array.isArray(list) ? list : [list]) {
      if (!construct) continue
      const tokenize = construct.tokenize
      construct.tokenize = function (effects, ok, nok) {
        return closed ? tokenize.call(this, effects, ok, nok) : nok
      }
    }
  }
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function asCode(node: Yaml): Code {
  return {type: 'code', lang: 'yaml', value: node.value, position: node.position}
}

function asTable(data: Record<string, unknown>, node: Yaml): Table {
  const keys = Object.keys(data)
  const cell = (children: PhrasingContent[]): TableCell => ({type: 'tableCell', children})
  return {
    type: 'table',
    align: keys.map(() => null),
    position: node.position,
    data: {hProperties: {dataTableType: 'yaml-metadata'}},
    children: [
      {type: 'tableRow', children: keys.map((key) => cell([{type: 'text', value: key}]))},
      {type: 'tableRow', children: keys.map((key) => cell(valueToPhrasing(data[key])))},
    ],
  }
}

function valueToPhrasing(value: unknown): PhrasingContent[] {
  if (value === null || value === undefined) return []
  if (typeof value === 'object') return [{type: 'inlineCode', value: JSON.stringify(value)}]
  return [{type: 'text', value: String(value)}]
}
