/** The footnote references of a block's render, for numbering them across the document. */
import type {Element, ElementContent, RootContent} from 'hast'
import type {Nodes, Root as MdastRoot} from 'mdast'
import {footnoteSafeId} from './context.ts'
import {refElementId} from './footnote-ids.ts'
import {refOfElement, type FootnoteRef} from './footnotes.ts'
import type {BlockRender} from './render-block.ts'

/**
 * Footnote references in `nodes`, in document order: all of a render's when
 * it holds no raw HTML (which can take references in, or write elements
 * that look like them; see `FootnoteRef`).
 */
export function collectFootnoteRefs(nodes: RootContent[]): FootnoteRef[] {
  const refs: FootnoteRef[] = []
  const walk = (node: RootContent | Element['children'][number]) => {
    if (node.type !== 'element') return
    if (node.tagName === 'a' && node.properties.dataFootnoteRef !== undefined) refs.push(refOfElement(node))
    for (const child of node.children) walk(child)
  }
  for (const node of nodes) walk(node)
  return refs
}

/**
 * The footnote references of a render as remark-rehype numbers them: from
 * the mdast, in order, each with the `id` of the element it became in
 * `nodes`, if any. Definitions' contents are numbered after the document.
 */
export function footnoteRefsOf(mdast: MdastRoot, nodes: RootContent[]): FootnoteRef[] {
  const shown = new Set(collectFootnoteRefs(nodes).map((ref) => ref.id))
  // Counted by identifier, as remark-rehype counts them for their `id`s.
  const counts = new Map<string, number>()
  const refs: FootnoteRef[] = []
  const walk = (node: Nodes) => {
    if (node.type === 'footnoteDefinition') return
    if (node.type === 'footnoteReference') {
      const key = node.identifier.toUpperCase()
      const count = (counts.get(key) ?? 0) + 1
      counts.set(key, count)
      const safeId = footnoteSafeId(node.identifier)
      const id = refElementId(safeId, count)
      refs.push({safeId, id: shown.has(id) ? id : ''})
    }
    if (!('children' in node)) return
    // A row's cells past the header's are dropped: their references are neither rendered nor counted.
    if (node.type === 'table') for (const row of node.children) for (const cell of row.children.slice(0, node.align?.length)) walk(cell)
    else for (const child of node.children) walk(child)
  }
  walk(mdast)
  return refs
}

/**
 * `element` with its footnote references' `id`s counted in document order,
 * as one render of the whole block counts them; copied where an `id`
 * changes. A block put together from two renders (see grow-paragraph.ts)
 * has each part's count start at one, and two references with one `id`
 * would be numbered as one.
 */
function countRefIds(element: Element, counts = new Map<string, number>()): Element {
  if (element.tagName === 'a' && element.properties.dataFootnoteRef !== undefined) {
    const {safeId, id} = refOfElement(element)
    const count = (counts.get(safeId) ?? 0) + 1
    counts.set(safeId, count)
    const counted = refElementId(safeId, count)
    return counted === id ? element : {...element, properties: {...element.properties, id: counted}}
  }
  let children: ElementContent[] | undefined
  element.children.forEach((child, index) => {
    if (child.type !== 'element') return
    const counted = countRefIds(child, counts)
    if (counted !== child) (children ??= [...element.children])[index] = counted
  })
  return children ? {...element, children} : element
}

/**
 * The nodes and footnote references of `grown`, a block put together from
 * `previous`, the previous render, and `rest`, the render of its new part:
 * when `rest` holds references, their ids are counted across the whole
 * block. Without references in `rest`, there are none to look for.
 */
export function joinedBlock(previous: BlockRender, rest: BlockRender, grown: Element): Pick<BlockRender, 'nodes' | 'footnoteRefs'> {
  // The new part re-renders all the source after the cut: without references in it, the block's are the previous render's.
  if (rest.footnoteRefs.length === 0) return {nodes: [grown], footnoteRefs: previous.footnoteRefs}
  const block = rest.footnoteRefs.length > 0 ? countRefIds(grown) : grown
  return {nodes: [block], footnoteRefs: collectFootnoteRefs([block])}
}
