/**
 * Keep a document's blocks up to date as its text changes: scan again only
 * from just before the change until the blocks line up with the old ones.
 */
import type {BlockRender} from './render-block.ts'
import type {BlockDefinitions} from './context.ts'
import {countLines} from './render-block.ts'
import {definitionsOf} from './context.ts'
import {initialState, sameState, scanBlocks, type ScanState} from './block-scanner.ts'
import {commonPrefixLength, commonSuffixLength, withoutTrailingBlankLines} from './text-diff.ts'

/** One block of the current text, with everything cached about it. */
export interface Entry {
  text: string
  /** Scanner state at the block's start. */
  state: ScanState
  lines: number
  definitions: BlockDefinitions
  /** Labels the text could use (`labelCandidates`). */
  labels?: string[]
  /** The last block rendered without a slot, when its slot render found no section to take. */
  unslotted?: {render: BlockRender; nodes: import('hast').RootContent[]}
  prefix?: string
  /** Signature of the document's definitions `prefix` was computed for. */
  prefixFor?: number
  render?: BlockRender
  renderedPrefix?: string
  renderedText?: string
  renderedLast?: boolean
  /** Rendered with a container (quote, footnote definition) as the next block. */
  renderedBeforeContainer?: boolean
  renderKey?: string
  patched?: {signature: string; render: BlockRender; nodes: import('hast').RootContent[]}
  /** A render of an earlier text of this block that the new text starts with (see `renderGrown` in session.ts). */
  grownFrom?: {render: BlockRender; text: string; prefix: string}
}

/**
 * The blocks of `text`, given the blocks of `previousText`. Entries before
 * `firstChanged` are the previous ones, untouched; so are reused ones after.
 */
export function rescan(
  previous: Entry[],
  previousText: string,
  text: string,
): {entries: Entry[]; firstChanged: number; reused?: {from: number; shift: number}} {
  if (previous.length === 0) return {entries: toEntries(text, 0, initialState, undefined, []), firstChanged: 0}
  if (text === previousText) return {entries: previous, firstChanged: previous.length}
  const prefix = commonPrefixLength(previousText, text)
  const suffix = commonSuffixLength(previousText, text, Math.min(previousText.length, text.length) - prefix)
  const delta = text.length - previousText.length
  const unchangedFrom = previousText.length - suffix

  // Walk back from the end (cheap for appends) to the block holding the
  // change, then one more: a block's start depends on its first line and on
  // the line before it.
  let first = previous.length - 1
  let start = previousText.length - previous[first]!.text.length
  while (first > 0 && start >= prefix) {
    first--
    start -= previous[first]!.text.length
  }
  if (first > 0) {
    first--
    start -= previous[first]!.text.length
  }

  // Old blocks that start in the unchanged tail can be taken over once the
  // new scan finds a block start at the same place with the same state.
  let candidate = first
  let candidateStart = start
  let resumeAt: number | undefined
  const scanned = toEntries(text, start, previous[first]!.state, (at, state) => {
    if (at <= prefix) return false
    const old = at - delta
    while (candidate < previous.length && candidateStart < old) candidateStart += previous[candidate++]!.text.length
    if (candidate >= previous.length || candidateStart !== old || old < unchangedFrom) return false
    if (!sameState(state, previous[candidate]!.state)) return false
    resumeAt = candidate
    return true
  }, previous.slice(first, first + 16))
  const tail = resumeAt === undefined ? [] : previous.slice(resumeAt)
  previous.length = first
  for (const entry of scanned) previous.push(entry)
  for (const entry of tail) previous.push(entry)
  // Where the previous entries take over again: index `from` now, `from - shift` before.
  const reused = resumeAt === undefined || tail.length === 0 ? undefined : {from: first + scanned.length, shift: first + scanned.length - resumeAt}
  return {entries: previous, firstChanged: first, reused}
}

function toEntries(
  text: string,
  from: number,
  state: ScanState,
  resync: ((start: number, state: ScanState) => boolean) | undefined,
  reusable: readonly Entry[],
): Entry[] {
  const byText = new Map(reusable.map((entry) => [entry.text, entry]))
  const byCore = new Map(reusable.map((entry) => [withoutTrailingBlankLines(entry.text), entry]))
  return scanBlocks(text, from, state, resync).blocks.map((block) => {
    const blockText = text.slice(block.start, block.end)
    const old = byText.get(blockText)
    if (old && sameState(old.state, block.state)) return old
    const entry: Entry = {text: blockText, state: block.state, lines: countLines(blockText), definitions: definitionsOf(blockText)}
    // The same block with blank lines added or removed at its end (the
    // paragraph that streamed in, now followed by the next): its render
    // still holds if it is stable (the render loop checks).
    const grown = byCore.get(withoutTrailingBlankLines(blockText))
    if (grown?.render?.stable && sameState(grown.state, block.state)) {
      const {render, renderedPrefix, renderedText, renderedLast, renderKey, prefix, prefixFor, labels, patched} = grown
      Object.assign(entry, {render, renderedPrefix, renderedText, renderedLast, renderKey, prefix, prefixFor, labels, patched})
      return entry
    }
    // The block grew at its end (an append): its last render may be reused in part.
    for (const old of reusable) {
      if (old.render && old.renderedText !== undefined && old.renderedPrefix !== undefined && blockText.startsWith(old.renderedText) && sameState(old.state, block.state)) {
        entry.grownFrom = {render: old.render, text: old.renderedText, prefix: old.renderedPrefix}
        break
      }
    }
    return entry
  })
}
