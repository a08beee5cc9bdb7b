/**
 * Stage 1, scan: cut the text into blocks, scanning again only from just
 * before a change until the blocks line up with the old ones. Each block has
 * an id from its birth: an unchanged block keeps its entry, an edited one
 * keeps its id, so the main thread patches it rather than building it again.
 */
import type {BlockDefinitions} from '../incremental/context.ts'
import {definitionsOf} from '../incremental/context.ts'
import {initialState, sameState, scanBlocks, type LineStart, type ScannedBlock, type ScanState} from '../incremental/block-scanner.ts'
import {countLines} from '../incremental/render-block.ts'
import {detached} from '../detached.ts'
import {commonPrefixLength, commonSuffixLength, startsWithText} from '../incremental/text-diff.ts'
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

/** The blocks of `text`, given `previous`, the blocks of `previousText` (reused in place). */
export function rescan(previous: Entry[], previousText: string, text: string, newId: NewId): Scan {
  if (previous.length === 0) return {entries: toEntries(text, scanBlocks(text, 0, initialState).blocks, [], newId), firstChanged: 0}
  if (text === previousText) return {entries: previous, firstChanged: previous.length}
  // Front matter that comes, goes or changes (its closing line arriving, say)
  // moves block boundaries anywhere after it: scan again from the start.
  if (frontMatterChanged(previousText, text)) return {entries: toEntries(text, scanBlocks(text, 0, initialState).blocks, previous, newId), firstChanged: 0}
  const prefix = commonPrefixLength(previousText, text)
  const suffix = commonSuffixLength(previousText, text, Math.min(previousText.length, text.length) - prefix)
  const delta = text.length - previousText.length
  const unchangedFrom = previousText.length - suffix

  // Walk back from the end (cheap for appends) to the block holding the
  // change, then one more unless the change comes after that block's first
  // line: a block's start depends on its first line and on the line before it.
  let first = previous.length - 1
  let start = previousText.length - previous[first]!.text.length
  while (first > 0 && start >= prefix) {
    first--
    start -= previous[first]!.text.length
  }
  if (first > 0 && !hasLineEnding(previous[first]!.text, prefix - start)) {
    first--
    start -= previous[first]!.text.length
  }

  // Old blocks that start in the unchanged tail can be taken over once the
  // new scan finds a block start at the same place with the same state.
  let candidate = first
  let candidateStart = start
  let resumeAt: number | undefined
  const resync = (at: number, state: ScanState) => {
    if (at <= prefix) return false
    const old = at - delta
    while (candidate < previous.length && candidateStart < old) candidateStart += previous[candidate++]!.text.length
    if (candidate >= previous.length || candidateStart !== old || old < unchangedFrom) return false
    if (!sameState(state, previous[candidate]!.state)) return false
    resumeAt = candidate
    return true
  }
  // Lines before the last line of block `first` are unchanged, and so is the scanner's state after them.
  const lastLine = previous[first]!.lastLine
  const resume = lastLine && start + lastLine.at <= prefix ? {at: start + lastLine.at, state: lastLine.state} : undefined
  const blocks = scanBlocks(text, start, previous[first]!.state, resync, resume).blocks
  const scanned = toEntries(text, blocks, previous.slice(first, resumeAt), newId)
  const tail = resumeAt === undefined ? [] : previous.slice(resumeAt)
  previous.length = first
  for (const entry of scanned) previous.push(entry)
  for (const entry of tail) previous.push(entry)
  const from = first + scanned.length
  return {entries: previous, firstChanged: first, reused: tail.length > 0 ? {from, shift: from - resumeAt!} : undefined}
}

/** Whether `text` holds a line ending before `end`. */
function hasLineEnding(text: string, end: number): boolean {
  const newline = text.indexOf('\n')
  const carriageReturn = text.indexOf('\r')
  return (newline >= 0 && newline < end) || (carriageReturn >= 0 && carriageReturn < end)
}

function frontMatterChanged(previousText: string, text: string): boolean {
  if (!previousText.startsWith('---') && !text.startsWith('---')) return false
  return frontMatterOf(previousText)?.end !== frontMatterOf(text)?.end
}

/**
 * Entries for the blocks scanned, which replace `old`. An old block with the
 * same text and state is taken as it is (in order); each other block takes
 * the id of the next old block not taken, so an edited block keeps its id,
 * a split block's first part too, and a block that is new gets a new id.
 */
function toEntries(text: string, blocks: readonly ScannedBlock[], old: readonly Entry[], newId: NewId): Entry[] {
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
      definitions: definitionsOf(blockText, block.start === 0),
      lastLine,
    }
  })
}

/** The lines of `text`, counting only what it adds when it is `prior`'s text grown at its end (a `\r` at its end could pair with a `\n`). */
function linesOf(text: string, prior: Entry | undefined): number {
  if (!prior || prior.text.endsWith('\r') || !startsWithText(text, prior.text)) return countLines(text)
  return prior.lines + countLines(text.slice(prior.text.length))
}
