import {toHtml} from 'hast-util-to-html'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {renderSession} from '../../../workers/session/session.ts'
import {createSessionMirror, type SessionEvent, type SessionOptions, type SessionUpdate} from '../../../shared/protocol.ts'

/** A main thread in miniature: keeps blocks by id as the app does. */
export function createClient(sessionId: string) {
  const mirror = createSessionMirror()
  let version = 0
  return {
    async update(markdown: string, options?: SessionOptions): Promise<SessionUpdate & {html: string}> {
      const update = await renderSession(sessionId, markdown, ++version, options)
      mirror.apply(update)
      return {...update, html: toHtml(mirror.hast())}
    },
    /** The ids of the blocks held, in order. */
    ids: () => mirror.ids(),
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

/** A session's event listener that takes its updates (partial ones, in a long render). */
export function onUpdate(take: (update: SessionUpdate) => void): (event: SessionEvent) => void {
  return (event) => {
    if (event.type === 'update') take(event.update)
  }
}
