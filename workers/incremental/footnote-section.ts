/**
 * The footnotes section of a document, made from its footnotes' definitions
 * in the order of their first references.
 */
import type {Element, ElementContent, RootContent} from 'hast'
import {runPipeline} from '../pipeline.ts'
import type {FootnoteSource} from './context.ts'
import {sameNumbering, type FootnoteNumbering} from './footnotes.ts'
import {hashString} from './hash.ts'
import {isBackReference, withPlainContent} from './plain-footnote.ts'

/** How a footnotes section's key starts. */
const footnotesKeyPrefix = 'footnotes-'

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

/** The footnotes section of a document, as a block: its key and nodes. */
export interface FootnoteSection {
  key: string
  nodes: RootContent[]
  /**
   * A footnote holds raw HTML, which meets the elements the last block
   * leaves open (a `</div>` closes one): in a slot, only a whole render
   * places such a section as a full render does.
   */
  rawHtml: boolean
}

interface Item {
  /** The `<li>` as rendered alone: its backreferences say it is footnote 1. */
  li: Element
  /** The `<li>` numbered, for the number it had last. */
  numbered?: {number: number; li: Element}
}

/**
 * Render footnotes sections one footnote at a time, each `<li>` cached by
 * what it depends on (its definition, how often it is referenced, the link
 * definitions it uses), so a section with hundreds of footnotes costs one
 * footnote's render when one changes. A footnote's number only shows in its
 * backreferences' labels, which are patched. When a definition holds raw
 * HTML, the HTML parser could carry an open element from one footnote to the
 * next, so that section is rendered whole (from `footnoteSectionSource`).
 */
export function createSectionRenderer() {
  const cache: SectionCache = {items: new Map(), shells: new Map(), keys: new WeakMap(), nextId: 0}
  let last: {numbering: FootnoteNumbering; footnotes: object; section: FootnoteSection | undefined} | undefined

  return async function section(
    numbering: FootnoteNumbering,
    footnotes: ReadonlyMap<string, FootnoteSource>,
    linkDefinitionsFor: (source: string) => string[],
    allLinkDefinitions: () => string[],
  ): Promise<{section: FootnoteSection | undefined; rendered: number}> {
    // A block with references placed again makes a new numbering, most
    // often with the same numbers.
    if (last && last.footnotes === footnotes && sameNumbering(last.numbering, numbering)) return {section: last.section, rendered: 0}
    const used: FootnoteSource[] = []
    for (const safeId of numbering.order) {
      const footnote = footnotes.get(safeId)
      if (!footnote) break
      used.push(footnote)
    }
    // Footnotes still undefined (references healed while a reply streams)
    // leave the section at those before the first of them, as numbered.
    const made =
      used.length === 0
        ? {section: undefined, rendered: 0}
        : used.some((footnote) => footnote.source.includes('<'))
          ? await wholeSection(cache, footnoteSectionSource({...numbering, order: numbering.order.slice(0, used.length)}, footnotes, allLinkDefinitions())!)
          : await sectionByItems(cache, numbering, used, linkDefinitionsFor)
    last = {numbering, footnotes, section: made.section}
    return made
  }
}

/** A footnote's keys into a section cache's items and shells. */
interface Keys {
  count: number
  links: string
  item: string
  shell: string
}

/** What a section renderer keeps between sections. */
interface SectionCache {
  /** The items of the footnotes in use, by what each depends on. */
  items: Map<string, Item>
  /** The `<li>` of each of them, by label and reference count, for `withPlainContent`. */
  shells: Map<string, Element>
  /**
   * Each footnote's keys into the two, by its definition: a block that does
   * not change keeps its definitions, and the same key strings are looked
   * up faster than new ones made each time.
   */
  keys: WeakMap<FootnoteSource, Keys>
  /** For section keys: each section made of items is new. */
  nextId: number
  /** The last section rendered whole. */
  whole?: {source: string; section: FootnoteSection}
  /** A section as rendered, and its list, to put items in. */
  template?: {section: Element; ol: Element}
  /** The last section made of items: each footnote's keys and item, and the list's children. */
  last?: {keys: Keys[]; items: Item[]; children: ElementContent[]; section: FootnoteSection}
}

/** The section of `source` rendered whole, unless it is the last one rendered so. */
async function wholeSection(cache: SectionCache, source: string): Promise<{section: FootnoteSection; rendered: number}> {
  if (cache.whole?.source === source) return {section: cache.whole.section, rendered: 0}
  cache.whole = {source, section: {key: footnotesKeyPrefix + hashString(source), nodes: await renderFootnoteSection(source), rawHtml: true}}
  return {section: cache.whole.section, rendered: 1}
}

/**
 * The section of the footnotes `used`, in `numbering`'s order, from cached
 * items where they still hold. The footnotes before the first that changed
 * since the last section keep their place in its list: a definition
 * streaming in is most often the last.
 */
async function sectionByItems(
  cache: SectionCache,
  numbering: FootnoteNumbering,
  used: FootnoteSource[],
  linkDefinitionsFor: (source: string) => string[],
): Promise<{section: FootnoteSection; rendered: number}> {
  const last = cache.last
  let rendered = 0
  let same = 0
  const keys: Keys[] = []
  const items: Item[] = []
  for (const [index, footnote] of used.entries()) {
    const links = linkDefinitionsFor(footnote.source)
    const footnoteKeys = keysOf(cache, footnote, numbering.counts.get(numbering.order[index]!) ?? 1, links.join('\n'))
    keys.push(footnoteKeys)
    if (same === index && last?.keys[index] === footnoteKeys) {
      items.push(last.items[index]!)
      same++
      continue
    }
    let item = cache.items.get(footnoteKeys.item)
    if (!item) {
      const made = await newItem(cache, footnote, footnoteKeys, links)
      item = made.item
      rendered += made.rendered
    }
    cache.items.set(footnoteKeys.item, item)
    cache.shells.set(footnoteKeys.shell, item.li)
    items.push(item)
  }
  if (last && same === used.length && same === last.keys.length) return {section: last.section, rendered}
  forgetUnused(cache, last?.keys.slice(same) ?? [], keys.slice(same))
  // The list's children: a line break, then each item and a line break.
  const children = last ? last.children.slice(0, 1 + 2 * same) : [{type: 'text', value: '\n'} as ElementContent]
  for (let index = same; index < items.length; index++) {
    const item = items[index]!
    const number = index + 1
    if (number > 1 && item.numbered?.number !== number) item.numbered = {number, li: numberBackReferences(item.li, number)}
    children.push(number === 1 ? item.li : item.numbered!.li, {type: 'text', value: '\n'})
  }
  const {section, ol} = cache.template!
  const made: FootnoteSection = {
    key: `${footnotesKeyPrefix}${cache.nextId++}`,
    nodes: [{...section, children: section.children.map((child) => (child === ol ? {...ol, children} : child))}],
    rawHtml: false,
  }
  cache.last = {keys, items, children, section: made}
  return {section: made, rendered}
}

/** A footnote's item: from the `<li>` of its label's last definition when its text is plain, else rendered (`rendered`: 1). */
async function newItem(cache: SectionCache, footnote: FootnoteSource, keys: Keys, links: string[]): Promise<{item: Item; rendered: number}> {
  const shell = cache.shells.get(keys.shell)
  const plain = shell && withPlainContent(shell, footnote.source)
  if (plain) return {item: {li: plain}, rendered: 0}
  const source = `[^${footnote.label}]`.repeat(keys.count) + '\n\n' + [footnote.source, ...links].join('\n\n') + '\n'
  const section = (await renderFootnoteSection(source))[0] as Element
  const ol = section.children.find((child): child is Element => child.type === 'element' && child.tagName === 'ol')!
  cache.template ??= {section, ol}
  const li = ol.children.find((child): child is Element => child.type === 'element' && child.tagName === 'li')!
  return {item: {li}, rendered: 1}
}

/** Forget the items and shells of footnotes `before` held that `now` does not: a section's footnotes are all the cache keeps. */
function forgetUnused(cache: SectionCache, before: readonly Keys[], now: readonly Keys[]): void {
  const items = new Set(now.map((keys) => keys.item))
  const shells = new Set(now.map((keys) => keys.shell))
  for (const keys of before) {
    if (!items.has(keys.item)) cache.items.delete(keys.item)
    if (!shells.has(keys.shell)) cache.shells.delete(keys.shell)
  }
}

/** The keys of `footnote`, cited `count` times and using the link definitions `links`, into a section cache's items and shells. */
function keysOf(cache: SectionCache, footnote: FootnoteSource, count: number, links: string): Keys {
  let keys = cache.keys.get(footnote)
  if (keys?.count !== count || keys.links !== links) {
    keys = {count, links, item: `${count}\u0000${footnote.label}\u0000${footnote.source}\u0000${links}`, shell: `${count}\u0000${footnote.label}`}
    cache.keys.set(footnote, keys)
  }
  return keys
}

/**
 * A footnote's `<li>` whose backreferences are labelled for footnote
 * `number`. Only the elements on the way to them are copied: the rest is
 * shared with `li`, as the item streams in and is numbered on every append.
 */
function numberBackReferences(li: Element, number: number): Element {
  let count = 0
  const walk = (node: Element): Element => {
    let children: ElementContent[] | undefined
    for (const [index, child] of node.children.entries()) {
      if (child.type !== 'element') continue
      let next: Element
      if (isBackReference(child)) {
        count++
        next = {...child, properties: {...child.properties, ariaLabel: 'Back to reference ' + number + (count > 1 ? '-' + count : '')}}
      } else {
        next = walk(child)
      }
      if (next !== child) (children ??= [...node.children])[index] = next
    }
    return children ? {...node, children} : node
  }
  return walk(li)
}
