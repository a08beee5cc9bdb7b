import type {Root} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {assembleHast, renderSession} from '../../../workers/session.ts'
import type {SessionOptions, SessionUpdate} from '../../../workers/session-types.ts'

/** A main thread in miniature: keeps blocks by key as the app does. */
export function createClient(sessionId: string) {
  const blocks = new Map<string, Root>()
  let version = 0
  return {
    async update(markdown: string, options?: SessionOptions): Promise<SessionUpdate & {html: string}> {
      const update = await renderSession(sessionId, markdown, ++version, options)
      for (const block of update.blocks) blocks.set(block.key, block.hast)
      const html = toHtml(assembleHast(update.order, blocks))
      for (const key of blocks.keys()) if (!update.order.some((placement) => placement.key === key)) blocks.delete(key)
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
