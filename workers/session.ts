/**
 * Render sessions: one per document or streamed reply. Each update re-renders
 * only the blocks whose text or document-wide context changed, and sends only
 * the changed tail of the block order and the blocks the main thread lacks.
 * The result always equals a full render of the text (see `assembleHast`).
 */
import type {Root, RootContent} from 'hast'
import {isCold} from './highlighter.ts'
import {markdownToHast} from './pipeline.ts'
import {definitionsOf, footnoteSafeId, labelCandidates, normalizeLabel, type BlockDefinitions, type FootnoteSource} from './incremental/context.ts'
import {createNumbering, createSectionRenderer, numberReferences, patchReferences, sameNumbering, type FootnoteNumbering} from './incremental/footnotes.ts'
import {hashString} from './incremental/hash.ts'
import {renderGrownCode} from './incremental/grow-code.ts'
import {renderGrownList, renderGrownParagraph, renderGrownTable} from './incremental/grow-paragraph.ts'
import {healTail} from './incremental/heal.ts'
import {contextPrefix, fillSlot, renderBlock, renderPlain, type BlockRender} from './incremental/render-block.ts'
import {createBlockPool, type BlockPool} from './block-pool.ts'
import {rescan, type Entry} from './incremental/rescan.ts'
import {endsWithBlankLine, withoutTrailingBlankLines} from './incremental/text-diff.ts'
import type {BlockPlacement, RenderedBlock, SessionOptions, SessionUpdate} from './session-types.ts'
import type {RenderMessage} from './types.ts'

/** What the placement pass knew before an entry: all of it depends on earlier entries only. */
interface Before {
  line: number
  numbering: FootnoteNumbering
  messages: number
  order: number
}

interface Session {
  text: string
  entries: Entry[]
  /** `before[i]` is the state before `entries[i]`; one more for the end. */
  before: Before[]
  order: BlockPlacement[]
  /** The keys in `order` (unique). */
  keys: Set<string>
  messages: RenderMessage[]
  signature: string
  context?: Context
  section: ReturnType<typeof createSectionRenderer>
  /** The last update healed the last block. */
  healed: boolean
  /** Whether the last block, starting at `start`, needed a slot (see `needsSlot`). */
  slotHint?: {start: number; slot: boolean}
}

const sessions = new Map<string, Session>()
const listItemStart = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/
/** A block quote or a footnote definition: a container start (see `renderBlock`'s `beforeContainer`). */
const containerStart = /^ {0,3}(?:>|\[\^[^\]\s]+\]:)/
/**
 * Worker time before the first partial update of a long render, then between
 * partial updates. Shorter batches made more long tasks on the main thread
 * in the bench (60 ms: 14 against 8), each update costing it a commit.
 */
const firstScreenMs = 50
const batchMs = 150
/**
 * Source characters in a partial update at most, whatever the time: the
 * main thread takes a message whole in one task, and an update of 50 KB of
 * markdown (600 KB of HAST) took it 44 ms just to receive.
 */
export const batchChars = 16_000
/** A fence's opening line, after any list or quote markers: its language is the first word of the info string. */
const fenceLanguage = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+[ \t>]*)*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm

/** Whether `text` fences code in a language this worker has not highlighted yet (see `isCold`). */
function hasColdCode(text: string): boolean {
  if (!text.includes('``') && !text.includes('~~')) return false
  for (const [, language] of text.matchAll(fenceLanguage)) if (isCold(language!)) return true
  return false
}

/** Fewer blocks to render than this: the pool's messages cost more than they save. */
const minBlocksForPool = 24

/** The same text but for trailing blank lines (which a stable block's render does not depend on). */
function sameBlock(a: string, b: string): boolean {
  return withoutTrailingBlankLines(a) === withoutTrailingBlankLines(b)
}

/**
 * Render `markdown` as the new text of session `sessionId`. A long render
 * sends partial updates through `onProgress` first; the update returned
 * says how many (`partials`).
 */
export async function renderSession(
  sessionId: string,
  markdown: string,
  version: number,
  options: SessionOptions = {},
  onProgress?: (update: SessionUpdate) => void,
  onAlive?: () => void,
): Promise<SessionUpdate> {
  let partials = 0
  const counted = onProgress && ((update: SessionUpdate) => (partials++, onProgress(update)))
  const update = await renderText(sessionId, markdown, version, options, counted, onAlive)
  return {...update, partials}
}

async function renderText(
  sessionId: string,
  markdown: string,
  version: number,
  options: SessionOptions,
  onProgress?: (update: SessionUpdate) => void,
  onAlive?: () => void,
): Promise<SessionUpdate> {
  if (typeof markdown !== 'string') throw new TypeError(`Expected \`markdown\` to be a string, not \`${typeof markdown}\``)
  const started = performance.now()
  let session = sessions.get(sessionId)
  if (!session) {
    session = {text: '', entries: [], before: [], order: [], keys: new Set(), messages: [], signature: '', section: createSectionRenderer(), healed: false}
    sessions.set(sessionId, session)
  }
  const scan = rescan(session.entries, session.text, markdown)
  session.text = markdown
  const entries = (session.entries = scan.entries)
  // The last block is always checked again: healing (on while a reply
  // streams, off for its final render) changes it without changing the text.
  let firstChanged = Math.min(scan.firstChanged, Math.max(0, entries.length - 1))
  // Blocks the main thread shows now. A partial update replaces the order
  // from its start, so one that ends before this would hide blocks that are
  // still there: an edit sends none, only a sign of life (`onAlive`).
  const shown = Math.max(session.order.length, options.shown ?? 0)

  // Render what changed. A block the scanner closed too early (the parse
  // says it leaves something open) is merged with the next one and the
  // context recomputed: definitions inside the merged text may be code.
  let rendered = 0
  const previousContext = session.context
  let context = (session.context = contextOf(entries, session.context, scan.firstChanged))
  if (context.signature !== session.signature) firstChanged = firstStale(entries, firstChanged, context, previousContext)
  // After a whole-document fallback, placing starts over.
  if (session.before.length === 0) firstChanged = 0
  // An edit in the middle: the blocks from `reused.from` on are the previous
  // ones, and so are their renders when nothing document-wide changed. Once
  // past the first of them, rendering stops; placing stops there too when
  // the state there (lines, footnote numbers, messages, order) is as before.
  let reused =
    scan.reused && context === previousContext && session.signature === context.signature && !options.heal && !session.healed && session.before.length > 0
      ? {...scan.reused}
      : undefined
  session.healed = Boolean(options.heal)
  // Blocks before `placed` went out in a partial update already.
  let placed = firstChanged
  let lastProgress = started
  // Source characters of the blocks rendered since the last partial update.
  let batched = 0
  // Send the blocks from `placed` up to `to` (rendered and final) as a partial update.
  const sendPartial = (progress: (update: SessionUpdate) => void, to: number) => {
    session.signature = context.signature
    const {orderStart, tail} = place(session, placed, to)
    progress(finish(session, sessionId, version, orderStart, tail, rendered, started, true))
    placed = to
  }
  const ahead = renderAhead(entries, firstChanged, context, options)
  let stoppedAt: number | undefined
  for (let index = firstChanged; index < entries.length; index++) {
    if (context.complex) return fallback(session, sessionId, markdown, version, started)
    if (reused && index > reused.from) {
      stoppedAt = index
      break
    }
    const entry = entries[index]!
    const last = index === entries.length - 1
    // The first screen does not wait for a grammar's first use, which can
    // take longer than the rest of the screen (traced in the app: 175 ms for
    // the 1 MB sample's first code, 125 of them compiling the grammar): the
    // blocks before go out first.
    if (onProgress && placed === firstChanged && lastProgress === started && index > placed && index > shown && entry.render === undefined && hasColdCode(entry.text)) {
      sendPartial(onProgress, index)
      lastProgress = performance.now()
      batched = 0
    }
    if (entry.prefixFor !== context.id) {
      entry.prefix = prefixFor(entry, context.links, context.footnotes)
      entry.prefixFor = context.id
    }
    // Blank lines at the end of a block count: unclosed code or math in a
    // list takes them in. They do not invalidate a stable render (below).
    const text = last && options.heal ? healTail(entry.text) : entry.text
    // Whether the last block needs a slot is known once it is rendered; the
    // last render of the same block tells, and a wrong guess renders again.
    const start = markdown.length - entry.text.length
    const slot = last && needsSlot(entry, context) && (session.slotHint?.start === start ? session.slotHint.slot : true)
    const beforeContainer = !last && containerStart.test(entries[index + 1]!.text)
    // A block rendered as the last one was not checked for being closed,
    // unless nothing in it can stay open.
    if (
      entry.render === undefined ||
      entry.renderedPrefix !== entry.prefix ||
      entry.render.slotted !== slot ||
      (!last && !entry.render.stable && Boolean(entry.renderedBeforeContainer) !== beforeContainer) ||
      (entry.renderedText === text ? entry.renderedLast && !last && !entry.render.stable : !(entry.render.stable && sameBlock(entry.renderedText!, text)))
    ) {
      const pending = ahead.get(entry)
      const from = entry.grownFrom
      const grown = from && !slot && from.prefix === entry.prefix && from.text !== text ? await renderGrown(from, text, entry.prefix!, last) : undefined
      // The pool renders without knowing the next block (`beforeContainer`).
      entry.render =
        grown ??
        (slot ? undefined : renderPlain(text)) ??
        (await (pending && pending.text === text && pending.prefix === entry.prefix && pending.last === last && !slot && !beforeContainer
          ? pending.render
          : renderBlock(text, entry.prefix!, !last, slot, beforeContainer)))
      entry.renderedPrefix = entry.prefix
      entry.renderedText = text
      entry.renderedLast = last
      entry.renderedBeforeContainer = beforeContainer
      entry.grownFrom = undefined
      rendered++
      if (slot ? entry.render.slotUnneeded : last && needsSlot(entry, context) && entry.render.hasHtml) {
        session.slotHint = {start, slot: !slot}
        entry.render = await renderBlock(text, entry.prefix!, false, !slot)
        rendered++
      }
      // The key names the render, which the main thread keeps by key: the
      // same text renders differently as the last block, before a
      // container, or with a slot, unless nothing in it can stay open.
      const variant = entry.render.stable ? '' : `\u0000${last ? 'last' : 'more'}${beforeContainer ? ' >' : ''}${entry.render.slotted ? ' slot' : ''}`
      entry.renderKey = hashString(entry.prefix + '\u0000' + text + variant)
    } else if (!last) {
      entry.renderedLast = false
    }
    const next = entries[index + 1]
    if (next && (!entry.render.closed || (entry.render.endsWithList && listItemStart.test(next.text)))) {
      entries.splice(index, 2, merge(entry, next))
      if (reused && index + 1 >= reused.from) reused = undefined
      else if (reused) reused = {from: reused.from - 1, shift: reused.shift - 1}
      firstChanged = Math.min(firstChanged, index)
      const merged = (session.context = contextOf(entries, context, firstChanged))
      if (merged.signature !== context.signature) firstChanged = firstStale(entries, firstChanged, merged, context)
      if (merged !== context) reused = undefined
      context = merged
      placed = Math.min(placed, firstChanged)
      index = firstChanged - 1
      batched = 0
      continue
    }
    batched += entry.text.length
    // Progressive first render: the first screen soon, then batches. Blocks
    // before `index` are final (only `index` may still merge with the next).
    const now = performance.now()
    if (now - lastProgress > (placed === firstChanged ? firstScreenMs : batchMs) || batched > batchChars) {
      if (onProgress && index > placed && index > shown) {
        sendPartial(onProgress, index)
        lastProgress = now
        batched = entry.text.length
      } else if (onAlive && now - lastProgress > batchMs) {
        onAlive()
        lastProgress = now
      }
    }
  }
  session.signature = context.signature

  const stop = reused && stoppedAt !== undefined ? {at: stoppedAt, shift: reused.shift} : undefined
  const sectionAhead = context.footnotes.size > 0 && entries[entries.length - 1]?.render?.slot === undefined
  if (onProgress && lastProgress !== started && !stop && sectionAhead && entries.length > placed && entries.length > shown) {
    // A long render sends its last blocks before the footnotes section, which
    // can be as big as a batch on its own: one message would take the main
    // thread twice as long to receive.
    sendPartial(onProgress, entries.length)
  }
  const {orderStart, tail, numbering, line, keptFrom} = place(session, placed, entries.length, stop)
  if (keptFrom !== undefined) {
    // The rest of the order, the footnotes section included, is as before.
    return finish(session, sessionId, version, orderStart, tail, rendered, started, false, keptFrom)
  }
  const sectionRender = await session.section(numbering, context.bySafeId, (source) => linkDefinitionsFor(source, context.links), () => [...context.links.values()])
  const section = sectionRender.section
  rendered += sectionRender.rendered
  const lastRender = entries[entries.length - 1]?.render
  if (lastRender?.slot !== undefined) {
    // The last block leaves raw HTML open, which takes in the section.
    const item = tail[tail.length - 1]
    if (lastRender.slot === null || lastRender.slots === 0 || !item) return fallback(session, sessionId, markdown, version, started)
    const entry = entries[entries.length - 1]!
    if (section) {
      item.nodes = fillSlot(item.nodes, lastRender.slot, section.nodes[0]!)
      item.key += '-' + section.key
    } else {
      // No section after all: the block as rendered without the slot (the
      // sentinel may have made the HTML parser reopen formatting elements).
      if (lastRender.footnoteRefs.length > 0) return fallback(session, sessionId, markdown, version, started)
      if (entry.unslotted?.render !== lastRender) {
        entry.unslotted = {render: lastRender, nodes: (await renderBlock(entry.renderedText!, entry.prefix!, false)).nodes}
        rendered++
      }
      item.nodes = entry.unslotted.nodes
    }
  } else if (section) {
    tail.push({key: section.key, nodes: section.nodes, lineOffset: line})
  }
  return finish(session, sessionId, version, orderStart, tail, rendered, started, false)
}

/**
 * A block that grew at its end, rendered in part from its previous render
 * (`from`) when it can be: a paragraph from its last word, a list from its
 * last item, a table from its last row, fenced code from its new code.
 * Followed by a blank line, a paragraph, list or table renders the same
 * whether a block follows or not (they are stable); code grows only as the
 * last block, or when its closing fence came (then it is stable too).
 */
async function renderGrown(from: NonNullable<Entry['grownFrom']>, text: string, prefix: string, last: boolean): Promise<BlockRender | undefined> {
  if (last || endsWithBlankLine.test(text)) {
    const grown =
      (await renderGrownParagraph(from.render, from.text, text, prefix)) ??
      (await renderGrownList(from.render, from.text, text, prefix)) ??
      (await renderGrownTable(from.render, from.text, text, prefix))
    if (grown) return grown
  }
  return renderGrownCode(from.render, from.text, text, last)
}

let pool: BlockPool | undefined

/** Render long documents' blocks on `size` pool workers (0: in this thread). */
export function usePool(size: number): void {
  pool?.terminate()
  pool = size > 0 ? createBlockPool(size) : undefined
}

interface Ahead {
  text: string
  prefix: string
  last: boolean
  render: Promise<BlockRender>
}

/**
 * Start rendering every block that needs it on the pool at once, in order,
 * when there are enough of them to be worth it. The render loop then takes
 * the results in order, as if it had rendered them itself.
 */
function renderAhead(entries: readonly Entry[], from: number, context: Context, options: SessionOptions): Map<Entry, Ahead> {
  const ahead = new Map<Entry, Ahead>()
  if (!pool || context.complex || entries.length - from < minBlocksForPool) return ahead
  for (let index = from; index < entries.length; index++) {
    const entry = entries[index]!
    const last = index === entries.length - 1
    const prefix = entry.prefixFor === context.id ? entry.prefix! : prefixFor(entry, context.links, context.footnotes)
    const text = last && options.heal ? healTail(entry.text) : entry.text
    if (last && needsSlot(entry, context)) continue
    if (entry.render && entry.renderedPrefix === prefix && entry.renderedText === text && !(entry.renderedLast && !last)) continue
    const render = pool.renderBlock(text, prefix, !last)
    // Failures surface when the loop awaits; until then, keep them quiet.
    render.catch(() => {})
    ahead.set(entry, {text, prefix, last, render})
  }
  return ahead
}

/**
 * Place entries `from` to `to` (rendered): lines, footnote numbers, keys and
 * messages all follow from the entries before, so placing starts from the
 * state saved before `from`. Where an unchanged text starts, too.
 */
function place(session: Session, from: number, to: number, stop?: {at: number; shift: number}) {
  const start: Before = session.before[from] ?? {line: 0, numbering: createNumbering(), messages: 0, order: 0}
  let {line, numbering} = start
  const before: Before[] = []
  const messages: RenderMessage[] = []
  const tail: Array<{key: string; nodes: RootContent[]; lineOffset: number}> = []
  for (let index = from; index < to; index++) {
    if (index === stop?.at) {
      // The previous state before this (unchanged) entry: if it matches,
      // everything from here on is placed as before.
      const old = session.before[index - stop.shift]
      const now = {line, messages: start.messages + messages.length, order: start.order + tail.length}
      if (old && old.line === now.line && old.messages === now.messages && old.order === now.order && sameNumbering(old.numbering, numbering)) {
        const oldIndex = index - stop.shift
        session.before.splice(from, oldIndex - from, ...before)
        session.messages.splice(start.messages, messages.length, ...messages)
        const end = session.before[session.before.length - 1]!
        return {orderStart: start.order, tail, numbering: end.numbering, line: end.line, keptFrom: old.order}
      }
    }
    const entry = session.entries[index]!
    before.push({line, numbering, messages: start.messages + messages.length, order: start.order + tail.length})
    const render = entry.render!
    for (const message of render.messages) messages.push({...message, line: message.line === undefined ? undefined : message.line + line})
    if (render.slots > 0) {
      let nodes = render.nodes
      let key = entry.renderKey!
      if (render.footnoteRefs.length > 0) {
        numbering = {order: [...numbering.order], counts: new Map(numbering.counts)}
        const numbers = numberReferences(render.footnoteRefs, numbering)
        const signature = numbers.join(';')
        if (entry.patched?.signature !== signature || entry.patched.render !== render) {
          entry.patched = {signature, render, nodes: patchReferences(render.nodes, numbers)}
        }
        nodes = entry.patched.nodes
        key += '-' + hashString(signature)
      }
      tail.push({key, nodes, lineOffset: line})
    }
    line += entry.lines
  }
  before.push({line, numbering, messages: start.messages + messages.length, order: start.order + tail.length})
  session.before.length = from
  for (const item of before) session.before.push(item)
  session.messages.length = start.messages
  for (const message of messages) session.messages.push(message)
  return {orderStart: start.order, tail, numbering, line, keptFrom: undefined as number | undefined}
}

/** Forget a session and its cache. */
export function closeSession(sessionId: string): void {
  sessions.delete(sessionId)
}

/**
 * The whole document of an update, as a full render gives it: the blocks'
 * nodes with their lines made absolute, a line ending between blocks.
 */
export function assembleHast(order: readonly BlockPlacement[], blocks: ReadonlyMap<string, Root>): Root {
  const children: RootContent[] = []
  for (const [index, {key, lineOffset}] of order.entries()) {
    const block = blocks.get(key)
    if (!block) throw new Error(`Expected block \`${key}\` to have been sent`)
    // Even between blocks that render nothing (a comment), as remark-rehype does.
    if (index > 0) children.push({type: 'text', value: '\n'})
    for (const node of structuredClone(block.children)) {
      if (node.type === 'element' && typeof node.properties.dataLineStart === 'number') {
        node.properties.dataLineStart += lineOffset
        node.properties.dataLineEnd = Number(node.properties.dataLineEnd) + lineOffset
      }
      children.push(node)
    }
  }
  return {type: 'root', children}
}

interface Context {
  links: Map<string, string>
  footnotes: Map<string, FootnoteSource>
  /** `footnotes` by the id suffix remark-rehype derives (the first of each wins). */
  bySafeId: Map<string, FootnoteSource>
  /** Identifies `links` and `footnotes`, to know when prefixes are stale. */
  signature: string
  /**
   * The same for the same signature. Entries keep it rather than the
   * signature: two long signatures that differ only at their end take as
   * long to compare as to read, and each entry would compare them.
   */
  id: number
  /** Footnotes the block renderer cannot split. */
  complex: boolean
  /** The entries with definitions it was made from, in order. */
  sources: BlockDefinitions[]
  /** Index of the last entry with definitions (-1: none). */
  lastSource: number
}

let nextContextId = 1

/**
 * The document's definitions (the first of each label wins). Most updates
 * add or change no definition: then the previous context stays, unchanged.
 */
function contextOf(entries: readonly Entry[], previous: Context | undefined, unchangedBefore: number): Context {
  // The common case, an append after the last definition: only the changed
  // entries need looking at, not the whole document.
  if (previous && previous.lastSource < unchangedBefore) {
    let index = unchangedBefore
    while (index < entries.length && !hasDefinitions(entries[index]!.definitions)) index++
    if (index === entries.length) return previous
  }
  const sources: BlockDefinitions[] = []
  let lastSource = -1
  for (let index = 0; index < entries.length; index++) {
    const {definitions} = entries[index]!
    if (!hasDefinitions(definitions)) continue
    sources.push(definitions)
    lastSource = index
  }
  if (previous && previous.sources.length === sources.length && previous.sources.every((source, index) => source === sources[index])) {
    // Same definitions: the same context (its identity says so to the caller).
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
  const bySafeId = new Map<string, FootnoteSource>()
  for (const [id, source] of footnotes) if (!bySafeId.has(footnoteSafeId(id))) bySafeId.set(footnoteSafeId(id), source)
  const signature = links.size === 0 && footnotes.size === 0 ? '' : [...links.values(), '\u0000', ...footnotes.keys()].join('\n')
  const id = previous?.signature === signature ? previous.id : nextContextId++
  return {links, footnotes, bySafeId, signature, id, complex, sources, lastSource}
}

function hasDefinitions(definitions: BlockDefinitions): boolean {
  return definitions.links.size > 0 || definitions.footnotes.size > 0 || definitions.complex
}

/**
 * The first entry before `upTo` whose context prefix changed with the new
 * `context` (or `upTo`): blocks before it render and place as before. An
 * entry whose prefix was made for `previous` and that mentions none of the
 * labels whose definitions changed keeps it without working it out again
 * (a definition streaming in changes the context on every append).
 */
function firstStale(entries: readonly Entry[], upTo: number, context: Context, previous: Context | undefined): number {
  const changed = previous && changedLabels(previous, context)
  for (let index = 0; index < upTo; index++) {
    const entry = entries[index]!
    if (entry.prefixFor !== context.id) {
      if (changed && entry.prefixFor === previous.id && !mentionsAny(entry, changed)) {
        entry.prefixFor = context.id
      } else {
        entry.prefix = prefixFor(entry, context.links, context.footnotes)
        entry.prefixFor = context.id
      }
    }
    if (entry.prefix !== entry.renderedPrefix) return index
  }
  return upTo
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

/** Whether `entry`'s text mentions one of `labels` (see `prefixFor`). */
function mentionsAny(entry: Entry, labels: ReadonlySet<string>): boolean {
  if (!entry.text.includes('[')) return false
  entry.labels ??= labelCandidates(entry.text)
  return entry.labels.some((label) => labels.has(label) || (label.startsWith('^') && labels.has('^' + normalizeLabel(label.slice(1)))))
}

/**
 * The last block of a document with footnotes may leave raw HTML elements
 * open, and then the section goes inside them: it is rendered with a slot,
 * which finds out. Without raw HTML (no `<`) nothing can be left open.
 */
function needsSlot(entry: Entry, context: Context): boolean {
  return context.footnotes.size > 0 && entry.text.includes('<')
}

function merge(first: Entry, second: Entry): Entry {
  const text = first.text + second.text
  return {text, state: first.state, lines: first.lines + second.lines, definitions: definitionsOf(text)}
}

/** The context a block needs: definitions of labels its text mentions. */
function prefixFor(entry: Entry, links: ReadonlyMap<string, string>, footnotes: ReadonlyMap<string, FootnoteSource>): string {
  if ((links.size === 0 && footnotes.size === 0) || !entry.text.includes('[')) return ''
  entry.labels ??= labelCandidates(entry.text)
  const linkDefinitions: string[] = []
  const footnoteLabels: string[] = []
  for (const label of entry.labels) {
    const link = links.get(label)
    if (link !== undefined) linkDefinitions.push(link)
    if (label.startsWith('^')) {
      const id = normalizeLabel(label.slice(1))
      if (footnotes.has(id)) footnoteLabels.push(id)
    }
  }
  return contextPrefix(footnoteLabels, linkDefinitions)
}

/** The link definitions a footnote's source uses. */
function linkDefinitionsFor(source: string, links: ReadonlyMap<string, string>): string[] {
  if (links.size === 0 || !source.includes('[')) return []
  const definitions: string[] = []
  for (const label of labelCandidates(source)) {
    const link = links.get(label)
    if (link !== undefined) definitions.push(link)
  }
  return definitions
}

/** Footnotes the block renderer cannot split: the whole text as one block. */
async function fallback(session: Session, sessionId: string, markdown: string, version: number, started: number) {
  const result = await markdownToHast(markdown)
  // Nothing cached is valid any more: start the placement over next time.
  // Block renders stay valid: they depend on their text and prefix only.
  session.before.length = 0
  session.signature = '\u0000complex'
  session.messages = result.messages
  const tail = [{key: 'whole-' + hashString(markdown), nodes: result.hast.children, lineOffset: 0}]
  return finish(session, sessionId, version, 0, tail, 1, started, false)
}

function finish(
  session: Session,
  sessionId: string,
  version: number,
  orderStart: number,
  tail: ReadonlyArray<{key: string; nodes: RootContent[]; lineOffset: number}>,
  rendered: number,
  started: number,
  partial: boolean,
  keptFrom = session.order.length,
): SessionUpdate {
  // The main thread holds the keys of the whole previous order; the head
  // stays, and so does the end from `keptFrom` on; the middle is replaced.
  const held = new Set<string>()
  const previous = session.order.slice(orderStart, keptFrom)
  const kept = keptFrom < session.order.length ? session.order.slice(keptFrom) : []
  for (const {key} of previous) {
    held.add(key)
    session.keys.delete(key)
  }
  session.order.length = orderStart
  const order: BlockPlacement[] = []
  const blocks: RenderedBlock[] = []
  for (const block of tail) {
    let key = block.key
    // The same block twice (two identical paragraphs): keys stay unique.
    for (let copy = 2; session.keys.has(key); copy++) key = `${block.key}~${copy}`
    session.keys.add(key)
    const placement = {key, lineOffset: block.lineOffset}
    order.push(placement)
    session.order.push(placement)
    if (!held.has(key)) blocks.push({key, hast: {type: 'root', children: block.nodes}})
  }
  // The end of the order that did not change (an edit in the middle of a
  // long document): the main thread keeps it, so an update stays small.
  let orderKeep = 0
  while (orderKeep < order.length && orderKeep < previous.length) {
    const now = order[order.length - 1 - orderKeep]!
    const before = previous[previous.length - 1 - orderKeep]!
    if (now.key !== before.key || now.lineOffset !== before.lineOffset) break
    orderKeep++
  }
  for (const placement of kept) session.order.push(placement)
  return {
    sessionId,
    version,
    order: orderKeep > 0 ? order.slice(0, order.length - orderKeep) : order,
    orderStart,
    orderKeep: orderKeep + kept.length,
    total: session.order.length,
    scanned: session.entries.length,
    blocks,
    messages: [...session.messages],
    ms: performance.now() - started,
    rendered,
    partial,
  }
}
