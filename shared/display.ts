/**
 * What display-ready blocks hold beyond plain HAST, the shape the worker's
 * display stage (`workers/display/`) makes and the preview's components read.
 * Such a tree is for `toJsxRuntime` only: `style` is React's object, and a
 * wide table's rows are in its `data`, which HTML serialisation leaves out.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast'

declare module 'hast' {
  interface ElementData {
    /**
     * A wide table's sections (`thead`, `tbody`): the table element itself
     * has no children, so `toJsxRuntime` makes no React element of a cell
     * out of view; its component mounts a window of columns from these.
     */
    wideTable?: Element[]
  }
}

/** Prefix the sanitizer puts on every id in user content, headings' included. */
export const clobberPrefix = 'user-content-'

const elements = (nodes: readonly ElementContent[]) => nodes.filter((child): child is Element => child.type === 'element')

/** Columns of a table with these sections: the cells of its first row. */
export function columnsOf(sections: readonly ElementContent[]): number {
  const section = elements(sections)[0]
  const row = section && elements(section.children)[0]
  return row ? elements(row.children).length : 0
}

/** `sections` with every row cut to its cells from `from` to `to`. */
export function sliceColumns(sections: readonly ElementContent[], from: number, to: number): Element[] {
  return elements(sections).map((section) => ({
    ...section,
    children: elements(section.children).map((row) => ({...row, children: elements(row.children).slice(from, to)})),
  }))
}

/**
 * `tree` with the `<code>` of each top-level code block (`<pre><code>`) as
 * `change` gives it (`undefined`: as it is); the same tree if none changed.
 */
export function mapTopLevelCode(tree: Root, change: (code: Element) => Element | undefined): Root {
  let changed = false
  const children = tree.children.map((node): RootContent => {
    if (node.type !== 'element' || node.tagName !== 'pre') return node
    const code = node.children[0]
    const next = code?.type === 'element' && code.tagName === 'code' ? change(code) : undefined
    if (!next) return node
    changed = true
    return {...node, children: [next, ...node.children.slice(1)]}
  })
  return changed ? {...tree, children} : tree
}
