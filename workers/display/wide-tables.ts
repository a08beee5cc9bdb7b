/**
 * Tables of thousands of columns, mounted a window of columns at a time
 * (see `WideTable` in src/render/components.tsx). The cells out of view
 * must not even become React elements: turning every cell of such a table
 * into one and walking them is a long task of its own. So a wide table's
 * sections move from its children to its `data` (see shared/display.ts),
 * which `toJsxRuntime` leaves alone; its component turns only the cells in
 * view into React elements.
 */
import type {Element, ElementContent, RootContent} from 'hast'
import {columnsOf} from '../../shared/display.ts'

/** Tables with more columns than this are windowed. */
export const wideTableColumns = 100

/**
 * Elements a table can be in: the walk goes into these only, not into
 * paragraphs, code or math, which hold most of a document's nodes. A table
 * it misses renders whole, as any table does.
 */
const containers = new Set(['blockquote', 'ul', 'ol', 'li', 'div', 'details', 'section'])

/** `nodes` with each table of over `wideTableColumns` columns holding its sections in `data.wideTable`; unchanged nodes are shared. */
export function markWideTables<T extends RootContent | ElementContent>(nodes: T[]): T[] {
  let copy: T[] | undefined
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!
    if (node.type !== 'element') continue
    let replaced: Element = node
    if (node.tagName === 'table' && columnsOf(node.children) > wideTableColumns) {
      const sections = node.children.filter((child): child is Element => child.type === 'element')
      replaced = {...node, children: [], data: Object.assign({}, node.data, {wideTable: sections})}
    } else if (containers.has(node.tagName)) {
      const children = markWideTables(node.children)
      if (children !== node.children) replaced = {...node, children}
    }
    if (replaced !== node) {
      copy ??= [...nodes]
      copy[index] = replaced as T
    }
  }
  return copy ?? nodes
}
