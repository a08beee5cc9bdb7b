/**
 * Footnotes across blocks: numbers and reference ids depend on every earlier
 * reference in the document (the section itself is footnote-section.ts).
 */
import type {Element, ElementContent, RootContent} from 'hast'
import {hrefPrefix, refElementId} from './footnote-ids.ts'

/** Numbering state while walking the blocks in order. */
export interface FootnoteNumbering {
  /** Safe ids in order of first reference. */
  order: string[]
  /** References seen so far per safe id. */
  counts: Map<string, number>
}

/** Whether two numberings give the same numbers. */
export function sameNumbering(a: FootnoteNumbering, b: FootnoteNumbering): boolean {
  if (a === b) return true
  if (a.order.length !== b.order.length || a.counts.size !== b.counts.size) return false
  for (let index = 0; index < a.order.length; index++) if (a.order[index] !== b.order[index]) return false
  for (const [id, count] of a.counts) if (b.counts.get(id) !== count) return false
  return true
}

/** A fresh numbering for one pass over the document. */
export function createNumbering(): FootnoteNumbering {
  return {order: [], counts: new Map()}
}

/**
 * A footnote reference of a block, as the parser found it. remark-rehype
 * numbers footnotes from these, before raw HTML is parsed: a reference that
 * raw HTML takes in as text (in a `<textarea>`, say) still counts, and an
 * `<a data-footnote-ref>` written as raw HTML does not.
 */
export interface FootnoteRef {
  /** The footnote's id as in the reference's `href`. */
  safeId: string
  /** The `id` of the reference's element in the block's render; empty when raw HTML took it in. */
  id: string
}

/** A reference's place in the document: its footnote's number, its count among that footnote's references, the `id` its element has in the block's render. */
export type RefNumber = [number: number, count: number, id: string]

/** The reference an `<a data-footnote-ref>` element of a render stands for. */
export function refOfElement(element: Element): FootnoteRef {
  return {safeId: String(element.properties.href).slice(hrefPrefix.length), id: String(element.properties.id)}
}

/** Number the references of one block (in document order), as the full render would. */
export function numberReferences(refs: readonly FootnoteRef[], numbering: FootnoteNumbering): RefNumber[] {
  const result: RefNumber[] = []
  for (const {safeId, id} of refs) {
    let index = numbering.order.indexOf(safeId)
    if (index < 0) index = numbering.order.push(safeId) - 1
    const count = (numbering.counts.get(safeId) ?? 0) + 1
    numbering.counts.set(safeId, count)
    result.push([index + 1, count, id])
  }
  return result
}

/**
 * Copy `nodes` with the references renumbered; elements are found by their
 * `id` in the block's render. IMPORTANT: raw HTML that copies a reference's
 * `id` as well as `data-footnote-ref` is taken for it.
 */
export function patchReferences(nodes: RootContent[], numbers: readonly RefNumber[]): RootContent[] {
  const byId = new Map<string, RefNumber>()
  for (const entry of numbers) if (entry[2]) byId.set(entry[2], entry)
  // Only the elements on the way to a reference are copied: the rest is
  // shared with `nodes` (which may be frozen), so a long paragraph that cites
  // a footnote is not copied whole on every append to it.
  const patch = <Node extends RootContent | ElementContent>(node: Node): Node => {
    if (node.type !== 'element') return node
    const entry = node.tagName === 'a' && node.properties.dataFootnoteRef !== undefined ? byId.get(String(node.properties.id)) : undefined
    if (entry) {
      const [number, count] = entry
      const id = refElementId(String(node.properties.href).slice(hrefPrefix.length), count)
      return {...node, properties: {...node.properties, id}, children: [{type: 'text', value: String(number)}]}
    }
    let children: ElementContent[] | undefined
    for (const [index, child] of node.children.entries()) {
      const patched = patch(child)
      if (patched !== child) (children ??= [...node.children])[index] = patched
    }
    return children ? {...node, children} : node
  }
  return nodes.map(patch)
}
