import type {Root} from 'hast'
import type {RenderMessage} from './types.ts'

/** One rendered block: top-level HAST nodes whose lines are relative to the block. */
export interface RenderedBlock {
  /** Stable for as long as the block's source and context do not change. */
  key: string
  /** The block's top-level nodes; `data-line-*` count from 1 at the block's first line. */
  hast: Root
}

/**
 * How the footnotes section's key starts: the main thread tells it from the
 * document's blocks by it (see `growingIndex` in src/render/BlocksView.tsx).
 */
export const footnotesKeyPrefix = 'footnotes-'

/** Where a block sits in the document. */
export interface BlockPlacement {
  key: string
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
  /**
   * How many placements at the end of the previous update's order follow
   * `order` unchanged (same key, same line offset); 0 when absent.
   */
  orderKeep?: number
  /** Number of blocks in the whole document. */
  total: number
  /**
   * Number of blocks the block scanner found in the whole text. A long
   * render's first partial update already has it, so the main thread can
   * treat a long document as long from its first screen on.
   */
  scanned: number
  /** Blocks whose keys were not in the previous update's order. */
  blocks: RenderedBlock[]
  messages: RenderMessage[]
  /** Worker milliseconds spent on this update. */
  ms: number
  /** How many blocks were rendered (not served from the cache) for this update. */
  rendered: number
  /**
   * A progressive update of a long render: the blocks so far, more to come.
   * Each later update of the same version continues from this one's end.
   */
  partial: boolean
  /**
   * In the update a call returns: how many partial updates the call sent
   * before it. They travel through the progress callback's own port, so one
   * may reach the main thread after the result (see `src/render/sending-order.ts`).
   */
  partials?: number
}

/** Options of one session update. */
export interface SessionOptions {
  /** Heal incomplete markdown at the end (while a reply streams). */
  heal?: boolean
  /**
   * Blocks the main thread shows for this session now. A session the worker
   * does not know (a new worker after a crash) sends no partial update that
   * would show fewer, so the preview keeps its last render until the new one
   * is as long.
   */
  shown?: number
}
