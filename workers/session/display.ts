/**
 * Between place and emit, for the app's stream only: display, each placed
 * block as the preview shows it (see workers/display/). Heading ids are
 * unique across the document, so, like footnote numbers, a block's ids
 * depend on the blocks before it: display resumes at the first placed block
 * that changed, after taking back what the blocks from there added to the
 * slug counts. It runs after the footnotes section is placed (not inside
 * place), because the section, the last block with the section in it and a
 * whole render are placed blocks too.
 */
import {blockToDisplay} from '../display/block-to-display.ts'
import {takeBack, type SlugChange, type SlugCounts} from '../display/heading-ids.ts'
import type {Placed} from './place.ts'

/** A session's displayed blocks, kept from one update to the next. */
export interface Shown {
  /** The placed blocks displayed, as the place stage gave them. */
  placed: Placed[]
  /** The blocks as the preview shows them, one for each of `placed`. */
  blocks: Placed[]
  /** What each block changed in `counts`: nothing for a block without headings. */
  changes: SlugChange[][]
  /** The slug counts after the last block. */
  counts: SlugCounts
}

/** Nothing displayed. */
export function createShown(): Shown {
  return {placed: [], blocks: [], changes: [], counts: new Map()}
}

/**
 * Display `placed` over what `shown` holds. Returns the index of the first
 * block displayed anew: those before it are as in the last call.
 */
export function display(shown: Shown, placed: readonly Placed[]): number {
  const old = shown.placed.length
  let start = 0
  // The place stage makes a new record for every block it places again,
  // and keeps the records of the blocks after an edit when their place holds.
  while (start < placed.length && start < old && shown.placed[start] === placed[start]) start++
  let keep = 0
  while (keep < placed.length - start && keep < old - start && shown.placed[old - 1 - keep] === placed[placed.length - 1 - keep]) keep++
  for (let index = old - 1; index >= start; index--) takeBack(shown.counts, shown.changes[index]!)
  const tail = {blocks: shown.blocks.slice(old - keep), changes: shown.changes.slice(old - keep)}
  shown.placed.length = shown.blocks.length = shown.changes.length = start
  for (let index = start; index < placed.length; index++) {
    const block = placed[index]!
    const kept = index - (placed.length - keep)
    const before = kept >= 0 ? tail.blocks[kept]! : undefined
    const changes: SlugChange[] = []
    shown.placed.push(block)
    shown.changes.push(changes)
    // A kept block without headings shows what it showed; one with headings
    // numbers them again, and most often gets the same nodes back.
    if (before && tail.changes[kept]!.length === 0) {
      shown.blocks.push(before)
      continue
    }
    const nodes = blockToDisplay(block.nodes, shown.counts, changes)
    shown.blocks.push(before?.nodes === nodes ? before : {...block, nodes})
  }
  return start
}
