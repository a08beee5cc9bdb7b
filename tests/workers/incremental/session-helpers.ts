import type {Root} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {assembleHast, renderSession} from '../../../workers/session.ts'
import type {BlockPlacement, SessionOptions, SessionUpdate} from '../../../workers/session-types.ts'

/** A main thread in miniature: keeps blocks by key as the app does. */
export function createClient(sessionId: string) {
  const blocks = new Map<string, Root>()
  let order: BlockPlacement[] = []
  let version = 0
  return {
    async update(markdown: string, options?: SessionOptions): Promise<SessionUpdate & {html: string}> {
      const update = await renderSession(sessionId, markdown, ++version, options)
      for (const block of update.blocks) blocks.set(block.key, block.hast)
      order = [...order.slice(0, update.orderStart), ...update.order]
      if (order.length !== update.total) throw new Error(`Expected ${update.total} blocks, not ${order.length}`)
      const html = toHtml(assembleHast(order, blocks))
      const live = new Set(order.map((placement) => placement.key))
      for (const key of blocks.keys()) if (!live.has(key)) blocks.delete(key)
      return {...update, html}
    },
  }
}

/** HTML of a full render. */
export async function fullHtml(markdown: string): Promise<string> {
  return toHtml((await markdownToHast(markdown)).hast)
}

let sessions = 0
/** A fresh session id. */
export function nextSessionId(): string {
  return `test-${++sessions}`
}
