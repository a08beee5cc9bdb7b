/**
 * Tables of thousands of columns, mounted a window of columns at a time
 * (see `WideTable` in components.tsx). The cells out of view must not even
 * become React elements: for 2,000 columns of three rows, turning every cell
 * into one and walking them took about 45 ms of the main thread's task.
 * So before `toJsxRuntime`, a wide table's content is taken out of the tree
 * and kept aside; the table's component gets it back by its node and turns
 * only the cells in view into React elements.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast'

/** Tables with more columns than this are windowed. */
export const wideTableColumns = 100

const stashed = new WeakMap<object, Element>()

/**
 * Elements a table can be in: the walk goes into these only, not into
 * paragraphs, code or math, which hold most of a document's nodes. A table
 * it misses renders whole, as any table did before.
 */
const containers = new Set(['blockquote', 'ul', 'ol', 'li', 'div', 'details', 'section'])

/** `tree` with each table of over `wideTableColumns` columns emptied; `wideTableOf` gives its content back. */
export function stashWideTables(tree: Root): Root {
  const children = stashIn(tree.children)
  return children === tree.children ? tree : {...tree, children: children as RootContent[]}
}

function stashIn<T extends RootContent | ElementContent>(nodes: T[]): T[] {
  let copy: T[] | undefined
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!
    if (node.type !== 'element') continue
    let replaced: Element = node
    if (node.tagName === 'table' && columnsOf(node) > wideTableColumns) {
      replaced = {...node, children: []}
      stashed.set(replaced, node)
    } else if (containers.has(node.tagName)) {
      const children = stashIn(node.children)
      if (children !== node.children) replaced = {...node, children}
    }
    if (replaced !== node) {
      copy ??= [...nodes]
      copy[index] = replaced as T
    }
  }
  return copy ?? nodes
}

/** The whole table that `node` (a table's HAST node, as `toJsxRuntime` passes it) stands for, if it is a wide one. */
export function wideTableOf(node: unknown): Element | undefined {
  return typeof node === 'object' && node !== null ? stashed.get(node) : undefined
}

const elements = (node: Element) => node.children.filter((child): child is Element => child.type === 'element')

/** Columns of `table`: the cells of its first row. */
export function columnsOf(table: Element): number {
  const section = elements(table)[0]
  const row = section && elements(section)[0]
  return row ? elements(row).length : 0
}

/** The sections of `table` with every row cut to its cells from `from` to `to`. */
export function sliceColumns(table: Element, from: number, to: number): Element[] {
  return elements(table).map((section) => ({...section, children: elements(section).map((row) => ({...row, children: elements(row).slice(from, to)}))}))
}
