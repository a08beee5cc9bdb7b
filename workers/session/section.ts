/**
 * The footnotes section, placed after the last block: a block of its own
 * (id `footnotes`), or inside the last block when that block leaves raw
 * HTML elements open (its render has a slot where the section goes).
 */
import type {RootContent} from 'hast'
import type {BlockDefinitions, FootnoteSource} from '../incremental/context.ts'
import type {createSectionRenderer, FootnoteSection} from '../incremental/footnote-section.ts'
import {fillSlot, renderBlock, type BlockRender} from '../incremental/render-block.ts'
import {linkDefinitionsFor, type Context} from './context.ts'
import type {Before, Placement} from './place.ts'

/** What placing the section needs of a session. */
interface SectionSession {
  section: ReturnType<typeof createSectionRenderer>
  placement: Placement
  /** The section last placed, so that the same section keeps the same nodes. */
  shownSection?: FootnoteSection
}

/** The last block's nodes once its slot is filled, or without the slot, by its render. */
const filled = new WeakMap<BlockRender, {base: RootContent[]; section: RootContent | undefined; nodes: RootContent[]}>()

/**
 * Place the section of `footnotes` after the blocks placed up to `end`,
 * `last` being the last block's render with what it was made from. Returns
 * how many renders it took, or `undefined` when the session must render the
 * whole text at once (the slot could not be filled as a full render would).
 */
export async function placeSection(
  session: SectionSession,
  last: {text: string; prefix: string; render: BlockRender} | undefined,
  end: Before,
  context: Context,
  footnotes: ReadonlyMap<string, FootnoteSource>,
): Promise<number | undefined> {
  const result = await session.section(
    end.numbering,
    footnotes,
    (source) => linkDefinitionsFor(source, context),
    () => [...context.links.values()],
  )
  let section = result.section
  if (section && session.shownSection?.key === section.key) section = session.shownSection
  session.shownSection = section
  const placed = session.placement.placed
  if (last?.render.slot === undefined) {
    if (section) placed.push({id: 'footnotes', lineOffset: end.line, nodes: section.nodes})
    return result.rendered
  }
  // The last block leaves raw HTML open, which takes in the section.
  const {render} = last
  const {slot} = render
  const item = placed[placed.length - 1]
  if (slot === null || slot === undefined || render.slots === 0 || !item) return undefined
  // Raw HTML in a footnote meets the elements the block leaves open (a
  // `</div>` in it closes one): no slot stands in for that.
  if (section?.rawHtml) return undefined
  // No section after all: the block as rendered without the slot (the
  // sentinel may have made the HTML parser reopen formatting elements).
  if (!section && render.footnoteRefs.length > 0) return undefined
  let rendered = result.rendered
  const content = section?.nodes[0]
  let cached = filled.get(render)
  if (!cached || cached.base !== item.nodes || cached.section !== content) {
    const nodes = content ? fillSlot(item.nodes, slot, content) : (await renderBlock(last.text, last.prefix, false)).nodes
    if (!content) rendered++
    filled.set(render, (cached = {base: item.nodes, section: content, nodes}))
  }
  placed[placed.length - 1] = {...item, nodes: cached.nodes}
  return rendered
}

/**
 * The footnotes to show while a reply streams. When its text ends inside a
 * footnote's definition, the section shows that one from `shown`, the last
 * block as healed, so that its open markup shows as the body's does.
 */
export function shownFootnotes(
  context: Context,
  last: {text: string; definitions: BlockDefinitions} | undefined,
  shown: string | undefined,
): ReadonlyMap<string, FootnoteSource> {
  const {bySafeId} = context
  if (!last || shown === undefined || shown === last.text || last.definitions.footnotes.size === 0) return bySafeId
  const definition = [...last.definitions.footnotes.values()].at(-1)!
  const start = last.text.lastIndexOf(definition.source)
  // The definition must end the block, and the healing must have changed only what follows its start.
  if (start < 0 || last.text.slice(start + definition.source.length).trim() !== '' || !shown.startsWith(last.text.slice(0, start))) return bySafeId
  const healed = shown.slice(start)
  if (!healed.startsWith('[^')) return bySafeId
  for (const [safeId, source] of bySafeId) if (source === definition) return new Map(bySafeId).set(safeId, {label: definition.label, source: healed})
  return bySafeId
}
