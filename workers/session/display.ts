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
import {redo, takeBack, type SlugChange, type SlugCounts} from '../display/heading-ids.ts'
import type {Placed} from './place.ts'

/** A session's displayed blocks, kept from one update to the next. */
export interface Shown {
  /** The placed blocks displayed, as the place stage gave them. */
  placed: Placed[]
  /** The blocks as the preview shows them, one for each of `placed`. */
  blocks: Placed[]
  /** What each block changed in `counts`: nothing for a block without headings. */
  changes: (readonly SlugChange[])[]
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
  const replaced = shown.changes.slice(start, old - keep).flat()
  const tail = {blocks: shown.blocks.slice(old - keep), changes: shown.changes.slice(old - keep)}
  shown.placed.length = shown.blocks.length = shown.changes.length = start
  for (let index = start; index < placed.length - keep; index++) {
    const changes: SlugChange[] = []
    const nodes = blockToDisplay(placed[index]!.nodes, shown.counts, changes)
    push(shown, placed[index]!, nodes === placed[index]!.nodes ? placed[index]! : {...placed[index]!, nodes}, changes)
  }
  // The kept blocks' ids hold when the blocks displayed anew took the same
  // slugs as those they replaced (an edit that left headings alone): their
  // changes to the counts are made again, without displaying them anew.
  const holds = sameKeys(replaced, shown.changes.slice(start).flat())
  for (let kept = 0; kept < keep; kept++) {
    const block = placed[placed.length - keep + kept]!
    if (holds || tail.changes[kept]!.length === 0) {
      redo(shown.counts, tail.changes[kept]!)
      push(shown, block, tail.blocks[kept]!, tail.changes[kept]!)
      continue
    }
    // A kept block whose ids may move numbers its headings again, and most often gets the same nodes back.
    const changes: SlugChange[] = []
    const nodes = blockToDisplay(block.nodes, shown.counts, changes)
    push(shown, block, tail.blocks[kept]!.nodes === nodes ? tail.blocks[kept]! : {...block, nodes}, changes)
  }
  return start
}

function push(shown: Shown, placed: Placed, block: Placed, changes: readonly SlugChange[]): void {
  shown.placed.push(placed)
  shown.blocks.push(block)
  shown.changes.push(changes)
}

/** Whether two runs of changes, made from the same counts, changed the same keys in the same order (and so made the same changes). */
function sameKeys(before: readonly SlugChange[], after: readonly SlugChange[]): boolean {
  return before.length === after.length && before.every(([key], index) => after[index]![0] === key)
}
