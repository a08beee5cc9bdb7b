/**
 * What a render session sends and how the receiving side applies it: the one
 * definition the worker, the app, the CLI and the tests share.
 */
import type {ElementContent, Root, RootContent} from 'hast'

/** A problem in the content (a broken formula, an unknown language), not a bug. */
export interface RenderMessage {
  reason: string
  /** 1-based line in the markdown source, or `undefined` when unknown. */
  line: number | undefined
  /** 1-based column in the markdown source, or `undefined` when unknown. */
  column: number | undefined
  /** Stable identifier such as `parseerror` (from KaTeX) or `unknown-language`. */
  ruleId: string | undefined
}

/** One block: the worker gives it an id when it is born and keeps it through its edits. */
export interface RenderedBlock {
  id: string
  /** The block's top-level nodes; `data-line-*` count from 1 at the block's first line. */
  hast: Root
  /**
   * Set when `hast` holds only what changed since the block the receiver
   * holds under this id (code that grows a line at a time): `kept[0]` of its
   * top-level nodes are the held ones, and `hast` has the rest. Each further
   * level goes into the first node sent, which keeps `kept[level]` of the
   * children of the held node in its place and has the rest. Kept nodes are
   * the receiver's own objects, so it can tell they did not change.
   */
  kept?: number[]
}

/** Where a block sits in the document. */
export interface BlockPlacement {
  id: string
  /** Lines to add to the block's relative `data-line-*` (0 for the first block). */
  lineOffset: number
}

/** What a render session sends after each update of its text. */
export interface SessionUpdate {
  sessionId: string
  /** The version passed in with the text this update renders. */
  version: number
  /**
   * The document's blocks from index `orderStart` on, up to the last
   * `orderKeep` of the previous update's order; the blocks before it are
   * those of the previous update. Appending text changes only the tail,
   * so an update stays small however long the document is.
   */
  order: BlockPlacement[]
  /** Index in the previous update's order where `order` starts. */
  orderStart: number
  /** How many placements at the end of the previous update's order follow `order` unchanged. */
  orderKeep: number
  /** Number of blocks in the whole document. */
  total: number
  /** Blocks the block scanner found in the whole text: a long render's first partial update already has it. */
  scanned: number
  /** Blocks that are new or changed since the previous update (same id, new content). */
  blocks: RenderedBlock[]
  messages: RenderMessage[]
  /** Worker milliseconds spent on this update. */
  ms: number
  /** How many blocks were rendered (not taken from the memo) for this update. */
  rendered: number
  /** A progressive update of a long render: the blocks so far, more to come in the same stream. */
  partial: boolean
}

/** Options of one session update. */
export interface SessionOptions {
  /** Heal incomplete markdown at the end (while a reply streams). */
  heal?: boolean
}

/**
 * What one render call's stream carries, in the order the worker sent it:
 * partial updates and signs of life, then the final update.
 */
export type SessionEvent = {type: 'update'; update: SessionUpdate} | {type: 'alive'}

/** A session's blocks as the receiving side holds them. */
export interface HeldBlocks {
  order: readonly BlockPlacement[]
  blocks: ReadonlyMap<string, Root>
}

/** Nothing received yet. */
export const noBlocks: HeldBlocks = {order: [], blocks: new Map()}

/**
 * `held` with `update` applied: its order replaces the tail from
 * `orderStart` but for the last `orderKeep`, and only blocks of the new order
 * are kept. `undefined` when the update does not fit what was received
 * before (a block never received, a wrong length): the sender must start over.
 */
export function applyUpdate(held: HeldBlocks, update: SessionUpdate): HeldBlocks | undefined {
  const keep = update.orderKeep
  if (update.orderStart + keep > held.order.length) return undefined
  const order =
    update.orderStart === 0 && keep === 0
      ? update.order
      : [...held.order.slice(0, update.orderStart), ...update.order, ...held.order.slice(held.order.length - keep)]
  if (order.length !== update.total) return undefined
  const received = new Map<string, Root>()
  for (const {id, hast, kept} of update.blocks) {
    const children = kept ? withKept(held.blocks.get(id)?.children, hast.children, kept, 0) : hast.children
    if (!children) return undefined
    received.set(id, {...hast, children: children as RootContent[]})
  }
  const blocks = new Map<string, Root>()
  for (const {id} of order) {
    const block = received.get(id) ?? held.blocks.get(id)
    if (!block) return undefined
    blocks.set(id, block)
  }
  return {order, blocks}
}

type Content = RootContent | ElementContent

/**
 * How much of `after` (a block's new nodes) is `before` (the nodes the
 * receiver holds), as `RenderedBlock.kept` says it: the leading nodes that
 * are the same objects, level by level down the first node that is not.
 * `undefined` when nothing is kept.
 */
export function keptOf(before: readonly Content[], after: readonly Content[]): number[] | undefined {
  const kept: number[] = []
  for (let held = before, now = after; ; ) {
    let same = 0
    while (same < held.length && same < now.length && held[same] === now[same]) same++
    kept.push(same)
    const from = held[same]
    const to = now[same]
    if (from?.type !== 'element' || to?.type !== 'element' || from.tagName !== to.tagName) break
    held = from.children
    now = to.children
  }
  while (kept.length > 0 && kept.at(-1) === 0) kept.pop()
  return kept.length > 0 ? kept : undefined
}

/** What of `nodes` is sent when the receiver keeps `kept` of them (see `RenderedBlock.kept`). */
export function sentPart<T extends Content>(nodes: readonly T[], kept: readonly number[], level = 0): T[] {
  const sent = nodes.slice(kept[level])
  const first = sent[0]
  if (level + 1 < kept.length && first?.type === 'element') sent[0] = {...first, children: sentPart(first.children, kept, level + 1)}
  return sent
}

/** The nodes a block sent with `kept` stands for, from the `held` ones; `undefined` when they do not fit. */
function withKept(held: readonly Content[] | undefined, sent: readonly Content[], kept: readonly number[], level: number): Content[] | undefined {
  const count = kept[level]!
  if (!held || held.length < count) return undefined
  const nodes = [...held.slice(0, count), ...sent]
  if (level + 1 < kept.length) {
    const from = held[count]
    const to = sent[0]
    if (from?.type !== 'element' || to?.type !== 'element') return undefined
    const children = withKept(from.children, to.children, kept, level + 1)
    if (!children) return undefined
    nodes[count] = {...to, children: children as ElementContent[]}
  }
  return nodes
}

/**
 * The whole document, as a full render gives it: the blocks' nodes with
 * their lines made absolute, a line ending between blocks.
 */
export function assembleHast({order, blocks}: HeldBlocks): Root {
  const children: RootContent[] = []
  for (const [index, {id, lineOffset}] of order.entries()) {
    const block = blocks.get(id)
    if (!block) throw new Error(`Expected block \`${id}\` to have been sent`)
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

/** Applies a session's updates in order and gives the whole document back (the CLI and the tests). */
export function createSessionMirror() {
  let held = noBlocks
  return {
    /** Take in one update; throws if it does not fit what was received before. */
    apply(update: SessionUpdate): void {
      const next = applyUpdate(held, update)
      if (!next) throw new Error(`Expected update ${update.version} to fit the blocks received before`)
      held = next
    },
    /** The whole document, as a full render of the last text would give it. */
    hast: () => assembleHast(held),
    /** The ids of the blocks, in order. */
    ids: () => held.order.map(({id}) => id),
  }
}
