/**
 * Render sessions: one per document or streamed reply. Each update runs the
 * stages in the order data flows (scan, context, render, place, emit), each
 * on the blocks from the first one that changed. The result always equals a
 * full render of the text; a session for the preview also runs display
 * before emit, and then equals `hastToDisplay` of a full render.
 */
import type {SessionEvent, SessionOptions, SessionUpdate} from '../../shared/protocol.ts'
import type {TextChange} from '../../shared/text-change.ts'
import {createBlockPool, type BlockPool} from '../block-pool.ts'
import {fencesColdCode, plainMark, warmFencedLanguages} from '../highlighter.ts'
import {definitionsOf} from '../incremental/context.ts'
import {markdownToHast} from '../pipeline.ts'
import {contextOf} from './context.ts'
import {display} from './display.ts'
import {emit, type UpdateInfo} from './emit.ts'
import {place} from './place.ts'
import {blockPrefix, keepOnly, plainNoLonger, renderAhead, renderEntry} from './render.ts'
import {rescan, type Entry, type Reused} from './scan.ts'
import {placeSection, shownFootnotes} from './section.ts'
import {createSession, editOf, wholeText, type Session, type SessionTarget} from './state.ts'

const sessions = new Map<string, Session>()

/** Worker time before the first partial update of a long render, then between partial updates. */
const firstScreenMs = 50
const batchMs = 150
/**
 * Source characters in a partial update at most, whatever the time: the
 * main thread takes a message whole, in one task.
 */
export const batchChars = 16_000
const listItemStart = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/

function open(sessionId: string, target: SessionTarget): Session {
  let session = sessions.get(sessionId)
  if (!session || (session.shown !== undefined) !== (target === 'display')) {
    session = createSession(target)
    sessions.set(sessionId, session)
  }
  return session
}

/** One update of a session, while it runs. */
interface Run {
  session: Session
  heal: boolean
  send: ((event: SessionEvent) => void) | undefined
  /** Blocks the main thread holds now: a partial update must not hold fewer. */
  shown: number
  /** The first entry to render; entries before it are as in the last update. */
  firstChanged: number
  /** Entries before this went out already (in a partial update, or in the last update). */
  placed: number
  rendered: number
  started: number
  lastProgress: number
  /** Source characters rendered since the last partial update. */
  batched: number
  info: (partial: boolean) => UpdateInfo
  /** Where the previous entries take over again (see `renderSession`). */
  reused: Reused | undefined
  /** Where rendering stopped at the previous entries. */
  stop?: {at: number; shift: number}
}

/**
 * Render `text` as the new text of session `sessionId`: whole, or as a
 * change to the text of an update the session made. A long render sends
 * partial updates through `send` first, and signs of life while it works;
 * the final update is returned.
 */
export async function renderSession(
  sessionId: string,
  text: string | TextChange,
  version: number,
  options: SessionOptions = {},
  send?: (event: SessionEvent) => void,
  target: SessionTarget = 'html',
): Promise<SessionUpdate> {
  const started = performance.now()
  const session = open(sessionId, target)
  const edit = editOf(session, text)
  const scan = rescan(session.entries, session.length, edit, () => String(session.nextId++))
  session.text = typeof text === 'string' ? text : undefined
  session.length += edit.insert.length - (edit.to - edit.from)
  session.version = version
  session.entries = scan.entries
  const previousContext = session.context
  session.context = contextOf(session.entries, previousContext, scan.firstChanged)
  // The last block is always checked again: healing (on while a reply
  // streams, off for its final render) changes it without changing the text.
  let firstChanged = Math.min(scan.firstChanged, Math.max(0, session.entries.length - 1))
  const heal = Boolean(options.heal)
  // Healing gives footnote references still undefined a prefix of their own (see `prefixOf`).
  if (session.context.id !== previousContext?.id || heal !== session.healed) firstChanged = firstStale(session, firstChanged, heal)
  if (session.plain.size > 0) firstChanged = firstPlainNoLonger(session, firstChanged, heal)
  // After the whole text was rendered at once, placing starts over.
  if (session.placement.before.length === 0) firstChanged = 0
  // Healing is on while a reply streams: its code comes a line at a time.
  if (heal) for (const entry of session.entries.slice(scan.firstChanged)) warmFencedLanguages(entry.text)
  // An edit in the middle: the entries from `reused.from` on are the
  // previous ones, and so are their renders when nothing document-wide or
  // healed changed. Rendering stops past the first of them, and placing
  // too where the state there is as before.
  const reused = session.context === previousContext && !heal && !session.healed ? scan.reused : undefined
  session.healed = heal
  const run: Run = {
    session,
    heal,
    send,
    reused,
    shown: session.held.order.length,
    firstChanged,
    placed: firstChanged,
    rendered: 0,
    started,
    lastProgress: started,
    batched: 0,
    info: (partial) => ({
      sessionId,
      version,
      scanned: session.entries.length,
      messages: [...session.placement.messages],
      rendered: run.rendered,
      started,
      partial,
    }),
  }
  if (!(await renderBlocks(run))) return renderWhole(session, run.info(false))
  return finish(run)
}

/** Render the entries that need it, merging any the scanner closed too early; `false` if the whole text must render at once. */
async function renderBlocks(run: Run): Promise<boolean> {
  const {session} = run
  const {entries, renders} = session
  const pooled = renderAhead(renders, pool, entries, run.firstChanged, session.context!, run.heal)
  for (let index = run.firstChanged; index < entries.length; index++) {
    if (session.context!.complex) return false
    if (run.reused && index > run.reused.from) {
      run.stop = {at: index, shift: run.reused.shift}
      break
    }
    const entry = entries[index]!
    // The first screen does not wait for a grammar's first use, which can
    // take longer than the rest of the screen: the blocks before go out first.
    if (
      run.send &&
      run.placed === run.firstChanged &&
      run.lastProgress === run.started &&
      index > run.placed &&
      index > run.shown &&
      fencesColdCode(entry.text) &&
      !renders.has(entry.id)
    ) {
      sendPartial(run, index)
    }
    run.rendered += await renderEntry(renders, entries, index, session.context!, run.heal, pooled)
    const {render, text} = renders.get(entry.id)!
    if (text !== entry.text && text.includes(plainMark)) session.plain.add(entry.id)
    else session.plain.delete(entry.id)
    const next = entries[index + 1]
    if (next && (!render.closed || (render.endsWithList && listItemStart.test(next.text)))) {
      index = merge(run, index) - 1
      continue
    }
    run.batched += entry.text.length
    progress(run, index)
  }
  keepOnly(renders, entries)
  for (const id of session.plain) if (!renders.has(id)) session.plain.delete(id)
  return true
}

/**
 * Merge `entries[index]`, which the parse says leaves something open, with
 * the next, and work out the context again: definitions inside the merged
 * text may be code. Returns the index to render again from.
 */
function merge(run: Run, index: number): number {
  const {session} = run
  const [entry, next] = [session.entries[index]!, session.entries[index + 1]!]
  const text = entry.text + next.text
  session.entries.splice(index, 2, {...entry, text, lines: entry.lines + next.lines, definitions: definitionsOf(text, index === 0)})
  const {reused} = run
  run.reused = reused && index + 1 < reused.from ? {from: reused.from - 1, shift: reused.shift - 1} : undefined
  run.firstChanged = Math.min(run.firstChanged, index)
  const context = session.context!
  session.context = contextOf(session.entries, context, run.firstChanged)
  if (session.context.id !== context.id) run.firstChanged = firstStale(session, run.firstChanged, run.heal)
  if (session.context !== context) run.reused = undefined
  run.placed = Math.min(run.placed, run.firstChanged)
  run.batched = 0
  return run.firstChanged
}

/**
 * Progressive first render: the first screen soon, then batches. Entries
 * before `index` are final (only `index` may still merge with the next).
 */
function progress(run: Run, index: number): void {
  const now = performance.now()
  if (!run.send || (now - run.lastProgress <= (run.placed === run.firstChanged ? firstScreenMs : batchMs) && run.batched <= batchChars)) return
  if (index > run.placed && index > run.shown) {
    sendPartial(run, index)
    run.batched = run.session.entries[index]!.text.length
  } else if (now - run.lastProgress > batchMs) {
    run.send({type: 'alive'})
    run.lastProgress = now
  }
}

/** Place entries from `run.placed` up to `to` and send them as a partial update. */
function sendPartial(run: Run, to: number): void {
  const {session} = run
  const orderStart = session.placement.before[run.placed]?.placed ?? 0
  place(session.placement, session.entries, run.placed, to, renderOf(session))
  run.send!({type: 'update', update: emitPlaced(session, orderStart, run.info(true))})
  run.placed = to
  run.lastProgress = performance.now()
  run.batched = 0
}

/** Place the rest and the footnotes section, and make the final update. */
async function finish(run: Run): Promise<SessionUpdate> {
  const {session} = run
  const {entries, context} = session
  // A long render sends its last blocks before the footnotes section, which
  // can be as big as a batch on its own.
  if (run.send && !run.stop && run.lastProgress !== run.started && context!.footnotes.size > 0 && entries.length > run.placed && entries.length > run.shown) {
    sendPartial(run, entries.length)
  }
  const orderStart = session.placement.before[run.placed]?.placed ?? 0
  const {end, kept} = place(session.placement, entries, run.placed, entries.length, renderOf(session), run.stop)
  // The rest of the order, the footnotes section included, is as before.
  if (kept) return emitPlaced(session, orderStart, run.info(false))
  const lastEntry = entries.at(-1)
  const last = lastEntry ? session.renders.get(lastEntry.id) : undefined
  const footnotes = run.heal ? shownFootnotes(context!, lastEntry, last?.text) : context!.bySafeId
  const section = await placeSection(session, last, end, context!, footnotes)
  if (section === undefined) return renderWhole(session, run.info(false))
  run.rendered += section
  // The section may have gone into the last block, placed already (in a partial update).
  return emitPlaced(session, Math.min(orderStart, Math.max(0, end.placed - 1)), run.info(false))
}

/** The update to the blocks placed now, displayed first in a session for the preview. */
function emitPlaced(session: Session, orderStart: number, info: UpdateInfo): SessionUpdate {
  const {placed} = session.placement
  if (!session.shown) return emit(session.held, placed, orderStart, info)
  const changed = display(session.shown, placed)
  // A heading's new id changes blocks after it; they are past `changed`.
  return emit(session.held, session.shown.blocks, Math.min(orderStart, changed), info)
}

/** The rendered block of an entry, once rendered. */
const renderOf = (session: Session) => (entry: Entry) => session.renders.get(entry.id)!.render

/** Footnotes the block renderer cannot split: the whole text as one block. */
async function renderWhole(session: Session, info: UpdateInfo) {
  const result = await markdownToHast(wholeText(session))
  // Nothing placed is valid any more: place from the start next time.
  session.placement.before.length = 0
  session.placement.messages = result.messages
  session.placement.placed = [{id: 'whole', lineOffset: 0, nodes: result.hast.children}]
  return emitPlaced(session, 0, {...info, messages: result.messages})
}

/** The first entry before `upTo` that `rerender` says must be rendered again; `upTo` if none. */
function firstToRender(session: Session, upTo: number, rerender: (entry: Entry, index: number) => boolean): number {
  for (let index = 0; index < upTo; index++) if (rerender(session.entries[index]!, index)) return index
  return upTo
}

/** The first entry whose prefix changed with the session's new context. */
function firstStale(session: Session, upTo: number, heal: boolean): number {
  return firstToRender(session, upTo, (entry, index) => session.renders.get(entry.id)?.prefix !== blockPrefix(entry, index, session.context!, heal))
}

/** The first entry that left code plain while its grammar was compiled, and must now be rendered as it is (see `plainNoLonger`). */
function firstPlainNoLonger(session: Session, upTo: number, heal: boolean): number {
  return firstToRender(session, upTo, (entry) => session.plain.has(entry.id) && plainNoLonger(session.renders, entry, heal))
}

let pool: BlockPool | undefined

/** Render long documents' blocks on `size` pool workers (0: in this thread). */
export function setPoolSize(size: number): void {
  pool?.terminate()
  pool = size > 0 ? createBlockPool(size) : undefined
}

/** Forget a session and its memo. */
export function closeSession(sessionId: string): void {
  sessions.delete(sessionId)
}
