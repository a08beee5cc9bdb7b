/**
 * What the main thread keeps of a session, outside React: the blocks by key
 * and the order, updated from each `SessionUpdate`. The CLI and the tests use
 * it to get the whole document back from a session.
 */
import type {Root} from 'hast'
import type {BlockPlacement, SessionUpdate} from './session-types.ts'
import {assembleHast} from './session.ts'

/** A session's blocks as the receiving side holds them. */
export interface SessionMirror {
  /** Take in one update; throws if it does not fit what was received before. */
  apply(update: SessionUpdate): void
  /** The whole document, as a full render of the last text would give it. */
  hast(): Root
}

/** The order after `update`: its placements replace the previous ones from `orderStart`, but for the `orderKeep` last. */
export function spliceOrder<T>(previous: readonly T[], update: {orderStart: number; orderKeep?: number; order: readonly T[]}): T[] {
  const keep = update.orderKeep ?? 0
  return [...previous.slice(0, update.orderStart), ...update.order, ...(keep > 0 ? previous.slice(previous.length - keep) : [])]
}

/** An empty mirror. */
export function createSessionMirror(): SessionMirror {
  const blocks = new Map<string, Root>()
  let order: BlockPlacement[] = []
  return {
    apply(update) {
      for (const block of update.blocks) blocks.set(block.key, block.hast)
      order = spliceOrder(order, update)
      if (order.length !== update.total) throw new Error(`Expected ${update.total} blocks, not ${order.length}`)
      const live = new Set(order.map((placement) => placement.key))
      for (const key of blocks.keys()) if (!live.has(key)) blocks.delete(key)
    },
    hast: () => assembleHast(order, blocks),
  }
}
