/**
 * Footnotes across blocks: numbers and reference ids depend on every earlier
 * reference in the document, and the footnotes section on all of them.
 */
import type {Element, RootContent} from 'hast'
import {runPipeline} from '../pipeline.ts'
import type {FootnoteSource} from './context.ts'

const refIdPrefix = 'user-content-fnref-'
const hrefPrefix = '#user-content-fn-'

/** Numbering state while walking the blocks in order. */
export interface FootnoteNumbering {
  /** Safe ids in order of first reference. */
  order: string[]
  /** References seen so far per safe id. */
  counts: Map<string, number>
}

/** A fresh numbering for one pass over the document. */
export function createNumbering(): FootnoteNumbering {
  return {order: [], counts: new Map()}
}

/**
 * Number the references of one block, as the full render would, and return
 * a signature of the result (empty when the block has none).
 */
export function numberReferences(refs: readonly Element[], numbering: FootnoteNumbering): Array<[number, number]> {
  const result: Array<[number, number]> = []
  for (const ref of refs) {
    const safeId = String(ref.properties.href).slice(hrefPrefix.length)
    let index = numbering.order.indexOf(safeId)
    if (index < 0) index = numbering.order.push(safeId) - 1
    const count = (numbering.counts.get(safeId) ?? 0) + 1
    numbering.counts.set(safeId, count)
    result.push([index + 1, count])
  }
  return result
}

/** Copy `nodes` with the references renumbered (refs are in document order). */
export function patchReferences(nodes: RootContent[], numbers: ReadonlyArray<[number, number]>): RootContent[] {
  const copy = structuredClone(nodes)
  let next = 0
  const walk = (node: RootContent | Element['children'][number]) => {
    if (node.type !== 'element') return
    if (node.tagName === 'a' && node.properties.dataFootnoteRef !== undefined) {
      const [number, count] = numbers[next++]!
      const safeId = String(node.properties.href).slice(hrefPrefix.length)
      node.properties.id = refIdPrefix + safeId + (count > 1 ? '-' + count : '')
      node.children = [{type: 'text', value: String(number)}]
      return
    }
    for (const child of node.children) walk(child)
  }
  for (const node of copy) walk(node)
  return copy
}

/**
 * Markdown whose footnotes section is the document's: each footnote
 * referenced as often as in the document, in order, then the definitions.
 */
export function footnoteSectionSource(
  numbering: FootnoteNumbering,
  bySafeId: ReadonlyMap<string, FootnoteSource>,
  linkDefinitions: readonly string[],
): string | undefined {
  if (numbering.order.length === 0) return undefined
  const refs: string[] = []
  const definitions: string[] = []
  for (const safeId of numbering.order) {
    const footnote = bySafeId.get(safeId)
    if (!footnote) return undefined
    refs.push(`[^${footnote.label}]`.repeat(numbering.counts.get(safeId) ?? 1))
    definitions.push(footnote.source)
  }
  return [refs.join(' '), ...definitions, ...linkDefinitions].join('\n\n') + '\n'
}

/** Render the footnotes section of `source` (from `footnoteSectionSource`). */
export async function renderFootnoteSection(source: string): Promise<RootContent[]> {
  const {hast} = await runPipeline(source)
  const last = hast.children[hast.children.length - 1]
  if (last?.type !== 'element' || last.tagName !== 'section') throw new Error('Expected a footnotes section')
  return [last]
}
