import {toHtml} from 'hast-util-to-html'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {createSessionMirror} from '../../../workers/session-mirror.ts'
import {renderSession} from '../../../workers/session.ts'
import type {SessionOptions, SessionUpdate} from '../../../workers/session-types.ts'

/** A main thread in miniature: keeps blocks by key as the app does. */
export function createClient(sessionId: string) {
  const mirror = createSessionMirror()
  let version = 0
  return {
    async update(markdown: string, options?: SessionOptions): Promise<SessionUpdate & {html: string}> {
      const update = await renderSession(sessionId, markdown, ++version, options)
      mirror.apply(update)
      return {...update, html: toHtml(mirror.hast())}
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
