import type {SessionEvent, SessionOptions} from '../../shared/protocol.ts'
import type {TextChange} from '../../shared/text-change.ts'
import {renderSession} from './session.ts'

/**
 * Render `text` (whole, or a change) as the new text of session `sessionId`
 * into `port`: the partial updates and signs of life, then the final update,
 * all in the order they were made, on the one channel. The blocks are display-ready: this is
 * the preview's stream. The port is closed after; a failure rejects the call
 * itself.
 */
export async function streamSession(port: MessagePort, sessionId: string, text: string | TextChange, version: number, options?: SessionOptions): Promise<void> {
  const send = (event: SessionEvent) => port.postMessage(event)
  try {
    send({type: 'update', update: await renderSession(sessionId, text, version, options, send, 'display')})
  } finally {
    port.close()
  }
}
