/**
 * Stage 1, scan: cut the text into blocks, scanning again only from just
 * before a change until the blocks line up with the old ones. Each block has
 * an id from its birth: an unchanged block keeps its entry, an edited one
 * keeps its id, so the main thread patches it rather than building it again.
 */
import {applyEdit, startsWithText, type Edit} from '../../shared/text-change.ts'
import type {BlockDefinitions} from '../incremental/context.ts'
import {definitionsOf} from '../incremental/context.ts'
import {sameState, scanBlocks, type LineStart, type ScannedBlock, type ScanState} from '../incremental/block-scanner.ts'
import {countLines} from '../incremental/render-block.ts'
import {detached} from '../detached.ts'
import {frontMatterOf} from '../plugins/remark-front-matter.ts'

/** One block of the current text. Immutable: a changed block is a new entry (with the same id). */
export interface Entry {
  id: string
  text: string
  /** Scanner state at the block's start. */
  state: ScanState
  lines: number
  definitions: BlockDefinitions
  /** Where its last line starts (from the block's start) and the scanner's state there. */
  lastLine?: LineStart
}

/** The blocks of a text, and where they differ from the previous text's. */
export interface Scan {
  entries: Entry[]
  /** Entries before this index are the previous ones, untouched. */
  firstChanged: number
  /** From index `from` on, the entries are the previous ones too, which stood `shift` earlier. */
  reused?: Reused
}

/** Where the previous entries take over again after a change. */
export interface Reused {
  from: number
  shift: number
}

/** Gives ids that are unique within one session. */
export type NewId = () => string

/**
 * The blocks after `edit`, given `previous`, the blocks of the text before
 * it (`previousLength` characters long; reused in place). Only the blocks
 * from the change on are read: a long text's start is never copied or
 * compared.
 */
export function rescan(previous: Entry[], previousLength: number, edit: Edit, newId: NewId): Scan {
  const {from, to, insert} = edit
  if (previous.length === 0) return {entries: toEntries(insert, 0, scanBlocks(insert).blocks, [], newId), firstChanged: 0}
  if (from === to && insert === '') return {entries: previous, firstChanged: previous.length}
  // Front matter that comes, goes or changes (its closing line arriving, say)
  // moves block boundaries anywhere after it: scan again from the start.
  if (frontMatterMayChange(previous, edit)) {
    const before = textOf(previous)
    const text = applyEdit(before, edit)
    if (frontMatterChanged(before, text)) return {entries: toEntries(text, 0, scanBlocks(text).blocks, previous, newId), firstChanged: 0}
  }
  const {first, start} = changedBlock(previous, previousLength, from)
  // The scan usually finds the old blocks again just after the change: it
  // reads a few blocks past it first, and all the rest only if it must.
  let last = first
  for (let at = start; last < previous.length && at + previous[last]!.text.length <= to; last++) at += previous[last]!.text.length
  let found = scanAfter(previous, first, start, edit, Math.min(previous.length, last + 3))
  if (found.resumeAt === undefined && last + 3 < previous.length) found = scanAfter(previous, first, start, edit, previous.length)
  const {tail, blocks, resumeAt} = found
  const scanned = toEntries(tail, start, blocks, previous.slice(first, resumeAt), newId)
  const rest = resumeAt === undefined ? [] : previous.slice(resumeAt)
  previous.length = first
  for (const entry of scanned) previous.push(entry)
  for (const entry of rest) previous.push(entry)
  const reusedFrom = first + scanned.length
  return {entries: previous, firstChanged: first, reused: rest.length > 0 ? {from: reusedFrom, shift: reusedFrom - resumeAt!} : undefined}
}

/**
 * The block to scan again from, walking back from the end (cheap for
 * appends) to the block holding position `from`, then one more unless the
 * change comes after that block's first line: a block's start depends on its
 * first line and on the line before it.
 */
function changedBlock(previous: readonly Entry[], previousLength: number, from: number): {first: number; start: number} {
  let first = previous.length - 1
  let start = previousLength - previous[first]!.text.length
  while (first > 0 && start >= from) {
    first--
    start -= previous[first]!.text.length
  }
  if (first > 0 && !hasLineEnding(previous[first]!.text, from - start)) {
    first--
    start -= previous[first]!.text.length
  }
  return {first, start}
}

/**
 * Scan the text of blocks `first` (at `start`) to `upTo` with the edit
 * made, in positions from `start`, until an old block that starts in the
 * unchanged text is found again at the same place in the same state
 * (`resumeAt`). A line's block start depends only on the line and the
 * state before it, so a block found inside the window holds for the text.
 */
function scanAfter(previous: readonly Entry[], first: number, start: number, {from, to, insert}: Edit, upTo: number) {
  const delta = insert.length - (to - from)
  let candidate = first
  let candidateStart = start
  let resumeAt: number | undefined
  const resync = (at: number, state: ScanState) => {
    if (at <= from) return false
    const old = at - delta
    while (candidate < previous.length && candidateStart < old) candidateStart += previous[candidate++]!.text.length
    if (candidate >= previous.length || candidateStart !== old || old < to) return false
    if (!sameState(state, previous[candidate]!.state)) return false
    resumeAt = candidate
    return true
  }
  const tail = applyEdit(textOf(previous, first, upTo), {from: from - start, to: to - start, insert})
  // Lines before the last line of block `first` are unchanged, and so is the scanner's state after them.
  const lastLine = previous[first]!.lastLine
  const resume = lastLine && start + lastLine.at <= from ? lastLine : undefined
  const {blocks} = scanBlocks(tail, 0, previous[first]!.state, (at, state) => resync(start + at, state), resume, start === 0)
  return {tail, blocks, resumeAt}
}

/** The text of `entries` from index `first` up to `upTo`. */
export function textOf(entries: readonly Entry[], first = 0, upTo = entries.length): string {
  let text = ''
  for (let index = first; index < upTo; index++) text += entries[index]!.text
  return text
}

const lineEnding = /[\n\r]/

/** Whether `text` holds a line ending before `end`: one search, which stops at the first (a block rarely holds a `\r`). */
function hasLineEnding(text: string, end: number): boolean {
  const at = text.search(lineEnding)
  return at >= 0 && at < end
}

/** Whether the text before or after `edit` may start with front matter, which the edit could change. */
function frontMatterMayChange(previous: readonly Entry[], {from}: Edit): boolean {
  return from < 3 || previous[0]!.text.startsWith('---')
}

function frontMatterChanged(previousText: string, text: string): boolean {
  if (!previousText.startsWith('---') && !text.startsWith('---')) return false
  return frontMatterOf(previousText)?.end !== frontMatterOf(text)?.end
}

/**
 * Entries for the blocks scanned in `text`, which starts at `offset` in the
 * document; they replace `old`. An old block with the same text and state is
 * taken as it is (in order); each other block takes the id of the next old
 * block not taken, so an edited block keeps its id, a split block's first
 * part too, and a block that is new gets a new id.
 */
function toEntries(text: string, offset: number, blocks: readonly ScannedBlock[], old: readonly Entry[], newId: NewId): Entry[] {
  // By length, then compared: hashing a block's new text would read all of it.
  const byLength = new Map<number, number[]>()
  for (const [index, entry] of old.entries()) {
    const list = byLength.get(entry.text.length)
    if (list) list.push(index)
    else byLength.set(entry.text.length, [index])
  }
  let lastKept = -1
  const kept = blocks.map((block) => {
    const index = byLength
      .get(block.end - block.start)
      ?.find((index) => index > lastKept && old[index]!.text === text.slice(block.start, block.end) && sameState(old[index]!.state, block.state))
    if (index !== undefined) lastKept = index
    return index
  })
  const taken = new Set(kept)
  let next = 0
  return blocks.map((block, position) => {
    const keptIndex = kept[position]
    if (keptIndex !== undefined) {
      next = keptIndex + 1
      return old[keptIndex]!
    }
    const blockText = detached(text.slice(block.start, block.end))
    const prior = next < old.length && !taken.has(next) ? old[next++]! : undefined
    const lastLine = block.lastLine && {at: block.lastLine.at - block.start, state: block.lastLine.state}
    return {
      id: prior?.id ?? newId(),
      text: blockText,
      state: block.state,
      lines: linesOf(blockText, prior),
      definitions: definitionsOf(blockText, offset + block.start === 0),
      lastLine,
    }
  })
}

/** The lines of `text`, counting only what it adds when it is `prior`'s text grown at its end (a `\r` at its end could pair with a `\n`). */
function linesOf(text: string, prior: Entry | undefined): number {
  if (!prior || prior.text.endsWith('\r') || !startsWithText(text, prior.text)) return countLines(text)
  return prior.lines + countLines(text.slice(prior.text.length))
}
