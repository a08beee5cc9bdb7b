/**
 * A walk over a HAST tree's elements for the pipeline's own plugins.
 *
 * `unist-util-visit` makes a closure and an ancestors array for every node it
 * passes. Rendering a short block walks its tree a handful of times, and in a
 * profile of streaming into a large document that bookkeeping (and the
 * garbage it leaves) was a tenth of the time. This walk allocates nothing per
 * node, and keeps its own stack rather than recursing, for deeply nested
 * trees.
 */
import type {Element, Root} from 'hast'

/** Returned by a visitor: do not walk into this element. */
export const SKIP = 'skip'

/**
 * Return nothing to walk into `element`, `SKIP` not to, or an index in
 * `parent.children` to go on from (after replacing `element`, say).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: visitors that return nothing are the common case
export type Visitor = (element: Element, index: number, parent: Root | Element) => void | typeof SKIP | number

/** Call `visitor` on every element under `tree`, in document order. */
export function forEachElement(tree: Root | Element, visitor: Visitor): void {
  const parents: Array<Root | Element> = [tree]
  const indices: number[] = [0]
  while (parents.length > 0) {
    const top = parents.length - 1
    const parent = parents[top]!
    const index = indices[top]!
    if (index >= parent.children.length) {
      parents.pop()
      indices.pop()
      continue
    }
    const child = parent.children[index]!
    if (child.type !== 'element') {
      indices[top] = index + 1
      continue
    }
    const result = visitor(child, index, parent)
    if (typeof result === 'number') {
      indices[top] = result
      continue
    }
    indices[top] = index + 1
    if (result !== SKIP) {
      parents.push(child)
      indices.push(0)
    }
  }
}
