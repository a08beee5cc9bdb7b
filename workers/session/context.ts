/**
 * Stage 2, context: the document's link and footnote definitions, and for
 * each block the prefix it is rendered after (the definitions it mentions,
 * written as markdown), so that a block renders alone as it does in the
 * whole document.
 */
import {footnoteSafeId, labelCandidates, normalizeLabel, type BlockDefinitions, type FootnoteSource} from '../incremental/context.ts'
import {contextPrefix} from '../incremental/render-block.ts'
import type {Entry} from './scan.ts'

/** The definitions of a whole document (the first of each label wins). */
export interface Context {
  links: Map<string, string>
  footnotes: Map<string, FootnoteSource>
  /** `footnotes` by the id suffix remark-rehype derives (the first of each wins). */
  bySafeId: Map<string, FootnoteSource>
  /** Identifies the definitions: the same id for the same definitions. */
  id: number
  /** Footnotes the block renderer cannot split: the session renders the whole text instead. */
  complex: boolean
  /** The entries' definitions it was made from, in order. */
  sources: BlockDefinitions[]
  /** Index of the last entry with definitions (-1: none). */
  lastSource: number
  /** Labels whose definitions differ from those of context `from` (footnote ids after a `^`). */
  changed?: {from: number; labels: Set<string>}
}

let nextContextId = 1
const empty = (): Context => ({links: new Map(), footnotes: new Map(), bySafeId: new Map(), id: 0, complex: false, sources: [], lastSource: -1})

/**
 * The definitions of `entries`. Most updates add or change no definition:
 * then `previous` itself comes back, and its identity says so.
 */
export function contextOf(entries: readonly Entry[], previous: Context = empty(), unchangedBefore = 0): Context {
  // The common case, an append after the last definition: only the changed
  // entries need looking at, not the whole document.
  if (previous.lastSource < unchangedBefore) {
    let index = unchangedBefore
    while (index < entries.length && !hasDefinitions(entries[index]!.definitions)) index++
    if (index === entries.length) return previous
  }
  const sources: BlockDefinitions[] = []
  let lastSource = -1
  for (const [index, {definitions}] of entries.entries()) {
    if (!hasDefinitions(definitions)) continue
    sources.push(definitions)
    lastSource = index
  }
  if (previous.sources.length === sources.length && previous.sources.every((source, index) => source === sources[index])) {
    previous.lastSource = lastSource
    return previous
  }
  const links = new Map<string, string>()
  const footnotes = new Map<string, FootnoteSource>()
  let complex = false
  for (const definitions of sources) {
    complex ||= definitions.complex
    for (const [id, markdown] of definitions.links) if (!links.has(id)) links.set(id, markdown)
    for (const [id, source] of definitions.footnotes) if (!footnotes.has(id)) footnotes.set(id, source)
  }
  // A definition that cites a footnote that exists (see `BlockDefinitions`).
  for (const definitions of sources) for (const id of definitions.cited) complex ||= footnotes.has(id)
  const bySafeId = new Map<string, FootnoteSource>()
  for (const [id, source] of footnotes) if (!bySafeId.has(footnoteSafeId(id))) bySafeId.set(footnoteSafeId(id), source)
  const context: Context = {links, footnotes, bySafeId, id: 0, complex, sources, lastSource}
  const labels = changedLabels(previous, context)
  if (labels.size === 0) {
    // Other entries, the same definitions: the same id, so no prefix is stale.
    context.id = previous.id
    return context
  }
  context.id = nextContextId++
  context.changed = {from: previous.id, labels}
  return context
}

function hasDefinitions(definitions: BlockDefinitions): boolean {
  return definitions.links.size > 0 || definitions.footnotes.size > 0 || definitions.complex
}

/** Labels whose definition differs between two contexts: link labels, and footnote ids after a `^`. */
function changedLabels(previous: Context, context: Context): Set<string> {
  const changed = new Set<string>()
  for (const [label, markdown] of context.links) if (previous.links.get(label) !== markdown) changed.add(label)
  for (const label of previous.links.keys()) if (!context.links.has(label)) changed.add(label)
  for (const id of context.footnotes.keys()) if (!previous.footnotes.has(id)) changed.add('^' + id)
  for (const id of previous.footnotes.keys()) if (!context.footnotes.has(id)) changed.add('^' + id)
  return changed
}

/** Each entry's prefix, for the context (and healing) it was worked out for. */
const prefixes = new WeakMap<Entry, {context: number; heal: boolean; prefix: string}>()
/** Labels an entry's text could use (`labelCandidates`). */
const labelsCache = new WeakMap<Entry, string[]>()

function labelsOf(entry: Entry): string[] {
  let labels = labelsCache.get(entry)
  if (!labels) labelsCache.set(entry, (labels = labelCandidates(entry.text)))
  return labels
}

/**
 * A footnote label as models write them (`[^1]`, `[^note-2]`): while a reply
 * streams, its definition most often comes at the end.
 */
const pendingLabel = /^[a-z0-9_-]{1,40}$/

/**
 * The prefix `entry` renders after in `context`. One worked out for the
 * context before stays when the entry mentions none of the labels whose
 * definitions changed (a definition streaming in changes them on every append).
 * Healed (while a reply streams), a footnote reference whose definition has
 * not come yet renders as a reference too, not as its brackets: a footnote's
 * stub is the same whether it is defined or not, so the definition's
 * arrival changes no prefix.
 */
export function prefixOf(entry: Entry, context: Context, heal = false): string {
  if ((!heal && context.links.size === 0 && context.footnotes.size === 0) || !entry.text.includes('[')) return ''
  const cached = prefixes.get(entry)
  if (cached?.heal === heal && cached.context === context.id) return cached.prefix
  if (cached?.heal === heal && context.changed?.from === cached.context && !mentionsAny(entry, context.changed.labels)) {
    cached.context = context.id
    return cached.prefix
  }
  const linkDefinitions: string[] = []
  const footnoteLabels: string[] = []
  for (const label of labelsOf(entry)) {
    const link = context.links.get(label)
    if (link !== undefined) linkDefinitions.push(link)
    if (label.startsWith('^')) {
      const id = normalizeLabel(label.slice(1))
      if (context.footnotes.has(id) || (heal && pendingLabel.test(id))) footnoteLabels.push(id)
    }
  }
  const prefix = contextPrefix(footnoteLabels, linkDefinitions)
  prefixes.set(entry, {context: context.id, heal, prefix})
  return prefix
}

function mentionsAny(entry: Entry, labels: ReadonlySet<string>): boolean {
  return labelsOf(entry).some((label) => labels.has(label) || (label.startsWith('^') && labels.has('^' + normalizeLabel(label.slice(1)))))
}

/** The link definitions a footnote's source uses. */
export function linkDefinitionsFor(source: string, context: Context): string[] {
  if (context.links.size === 0 || !source.includes('[')) return []
  const definitions: string[] = []
  for (const label of labelCandidates(source)) {
    const link = context.links.get(label)
    if (link !== undefined) definitions.push(link)
  }
  return definitions
}
