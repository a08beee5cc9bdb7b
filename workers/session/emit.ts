/**
 * Stage 5, emit: the update that takes the main thread from the blocks it
 * holds to the blocks placed now. Only the changed stretch of the order
 * goes, and only the blocks whose nodes it does not hold already; of a
 * block it holds an earlier form of, only the nodes that are not the same.
 */
import type {RootContent} from 'hast'
import {keptOf, sentPart, type BlockPlacement, type RenderMessage, type RenderedBlock, type SessionUpdate} from '../../shared/protocol.ts'
import type {Placed} from './place.ts'

/** What the main thread holds of a session, as far as the worker knows. */
export interface Held {
  order: BlockPlacement[]
  /** The nodes it holds for each block id in `order`. */
  nodes: Map<string, RootContent[]>
}

/** Nothing held. */
export function createHeld(): Held {
  return {order: [], nodes: new Map()}
}

/** What an update says besides its blocks. */
export interface UpdateInfo {
  sessionId: string
  version: number
  scanned: number
  messages: RenderMessage[]
  rendered: number
  started: number
  partial: boolean
}

/**
 * The update from what `held` holds to `placed`, which agree before
 * `orderStart`; `held` then holds `placed`.
 */
export function emit(held: Held, placed: readonly Placed[], orderStart: number, info: UpdateInfo): SessionUpdate {
  // The order the main thread holds, made the new one in place below.
  const heldOrder = held.order
  const same = (now: Placed, before: BlockPlacement | undefined) =>
    before !== undefined && now.id === before.id && now.lineOffset === before.lineOffset && held.nodes.get(now.id) === now.nodes
  // The end of the order that did not change (an edit in the middle of a
  // long document): the main thread keeps it, so an update stays small.
  let keep = 0
  while (
    keep < placed.length - orderStart &&
    keep < heldOrder.length - orderStart &&
    same(placed[placed.length - 1 - keep]!, heldOrder[heldOrder.length - 1 - keep])
  ) {
    keep++
  }
  const order: BlockPlacement[] = []
  const blocks: RenderedBlock[] = []
  for (let index = orderStart; index < placed.length - keep; index++) {
    const {id, lineOffset, nodes} = placed[index]!
    order.push({id, lineOffset})
    const before = held.nodes.get(id)
    if (before !== nodes) {
      const kept = before && keptOf(before, nodes)
      blocks.push(kept ? {id, hast: {type: 'root', children: sentPart(nodes, kept)}, kept} : {id, hast: {type: 'root', children: nodes}})
      held.nodes.set(id, nodes)
    }
  }
  // In place: a long document's order is copied on no append.
  const kept = heldOrder.slice(heldOrder.length - keep)
  heldOrder.length = orderStart
  for (const placement of order) heldOrder.push(placement)
  for (const placement of kept) heldOrder.push(placement)
  if (held.nodes.size > heldOrder.length) {
    const live = new Set(heldOrder.map((placement) => placement.id))
    for (const id of held.nodes.keys()) if (!live.has(id)) held.nodes.delete(id)
  }
  const {sessionId, version, scanned, messages, rendered, started, partial} = info
  return {
    sessionId,
    version,
    order,
    orderStart,
    orderKeep: keep,
    total: heldOrder.length,
    scanned,
    blocks,
    messages,
    ms: performance.now() - started,
    rendered,
    partial,
  }
}
