/**
 * Stage 2, context: the document's link and footnote definitions, and for
 * each block the prefix it is rendered after (the definitions it mentions,
 * written as markdown), so that a block renders alone as it does in the
 * whole document.
 */
import {footnoteSafeId, labelCandidates, normalizeLabel, type BlockDefinitions, type FootnoteSource} from '../incremental/context.ts'
import {contextPrefix} from '../incremental/block-prefix.ts'
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
  /** The entries' definitions it was made from, in order, and the index of each one's entry. */
  sources: BlockDefinitions[]
  sourceAt: number[]
  /** Labels whose definitions differ from those of context `from` (footnote ids after a `^`). */
  changed?: {from: number; labels: Set<string>}
}

let nextContextId = 1
const empty = (): Context => ({links: new Map(), footnotes: new Map(), bySafeId: new Map(), id: 0, complex: false, sources: [], sourceAt: []})

/**
 * The definitions of `entries`, of which those before `unchangedBefore` are
 * the entries `previous` was made from. Most updates add or change no
 * definition: then `previous` itself comes back, and its identity says so.
 * Only the entries from the first changed one on are read: a definition
 * streaming in at the end of a long document changes on every append.
 */
export function contextOf(entries: readonly Entry[], previous: Context = empty(), unchangedBefore = 0): Context {
  let kept = previous.sources.length
  while (kept > 0 && previous.sourceAt[kept - 1]! >= unchangedBefore) kept--
  let first = unchangedBefore
  while (first < entries.length && !hasDefinitions(entries[first]!.definitions)) first++
  // The common case, an append after the last definition.
  if (kept === previous.sources.length && first === entries.length) return previous
  const sources = previous.sources.slice(0, kept)
  const sourceAt = previous.sourceAt.slice(0, kept)
  for (let index = first; index < entries.length; index++) {
    const {definitions} = entries[index]!
    if (!hasDefinitions(definitions)) continue
    sources.push(definitions)
    sourceAt.push(index)
  }
  if (previous.sources.length === sources.length && previous.sources.every((source, index) => index < kept || source === sources[index])) {
    // The same definitions, which may have moved with the entries before them.
    previous.sourceAt = sourceAt
    return previous
  }
  const {links, footnotes, bySafeId} = definitionMaps(previous, previous.sources.slice(kept), sources.slice(kept))
  let complex = false
  for (const definitions of sources) {
    complex ||= definitions.complex
    // A definition that cites a footnote that exists (see `BlockDefinitions`).
    if (definitions.cited.size > 0) for (const id of definitions.cited) complex ||= footnotes.has(id)
  }
  const context: Context = {links, footnotes, bySafeId, id: 0, complex, sources, sourceAt}
  const labels = changedLabels(previous, context, [...previous.sources.slice(kept), ...sources.slice(kept)])
  if (labels.size === 0) {
    // Other entries, the same definitions: the same id, so no prefix is stale.
    context.id = previous.id
    return context
  }
  context.id = nextContextId++
  context.changed = {from: previous.id, labels}
  return context
}

/**
 * The maps of `previous` without the definitions of sources `removed` (its
 * last ones), then with those of `added` (the new last ones): the first
 * definition of each label wins, as in a document.
 */
function definitionMaps(previous: Context, removed: readonly BlockDefinitions[], added: readonly BlockDefinitions[]) {
  const kept = previous.sources.slice(0, previous.sources.length - removed.length)
  // Which link definition won is not kept: when one may change, the links are made again.
  const links = [...removed, ...added].some((definitions) => definitions.links.size > 0)
    ? firstOfEach([...kept, ...added].map((definitions) => definitions.links))
    : previous.links
  const footnotes = new Map(previous.footnotes)
  const bySafeId = new Map(previous.bySafeId)
  for (const definitions of removed) {
    for (const [id, source] of definitions.footnotes) {
      if (footnotes.get(id) !== source) continue
      footnotes.delete(id)
      if (bySafeId.get(safeIdOf(id, source)) === source) bySafeId.delete(safeIdOf(id, source))
    }
  }
  for (const definitions of added) {
    for (const [id, source] of definitions.footnotes) {
      if (footnotes.has(id)) continue
      footnotes.set(id, source)
      if (!bySafeId.has(safeIdOf(id, source))) bySafeId.set(safeIdOf(id, source), source)
    }
  }
  return {links, footnotes, bySafeId}
}

/** One map of `maps`, the first value of each key winning. */
function firstOfEach<Value>(maps: ReadonlyArray<ReadonlyMap<string, Value>>): Map<string, Value> {
  const result = new Map<string, Value>()
  for (const map of maps) for (const [key, value] of map) if (!result.has(key)) result.set(key, value)
  return result
}

function hasDefinitions(definitions: BlockDefinitions): boolean {
  return definitions.links.size > 0 || definitions.footnotes.size > 0 || definitions.complex
}

/** Each footnote's safe id, by its definition: a block that does not change keeps its definitions. */
const safeIds = new WeakMap<FootnoteSource, string>()

function safeIdOf(id: string, source: FootnoteSource): string {
  let safeId = safeIds.get(source)
  if (safeId === undefined) safeIds.set(source, (safeId = footnoteSafeId(id)))
  return safeId
}

/**
 * Labels whose definition differs between two contexts: link labels, and
 * footnote ids after a `^`. Only labels that `changedSources` (the sources
 * one context has and the other may not) define can differ.
 */
function changedLabels(previous: Context, context: Context, changedSources: readonly BlockDefinitions[]): Set<string> {
  const changed = new Set<string>()
  for (const definitions of changedSources) {
    for (const label of definitions.links.keys()) if (previous.links.get(label) !== context.links.get(label)) changed.add(label)
    for (const id of definitions.footnotes.keys()) if (previous.footnotes.has(id) !== context.footnotes.has(id)) changed.add('^' + id)
  }
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
