/** The live-render backend that talks to the render worker, shared by the editor's preview and the chat. */
import {transfer} from 'comlink'
import type {SessionEvent, SessionOptions, SessionUpdate} from '../../shared/protocol.ts'
import type {TextChange} from '../../shared/text-change.ts'
import {callRenderer, failureReason, rendererAlive, restartRenderer} from './client.ts'
import type {LiveRenderBackend} from './live-render.ts'

/**
 * Render session `sessionId` in the worker, its text whole or as a change.
 * Its partial updates, signs of life and final update come on one port, in
 * order; each keeps the watchdog at bay.
 */
export async function renderSessionInWorker(
  sessionId: string,
  text: string | TextChange,
  version: number,
  options: SessionOptions,
  progress: (update: SessionUpdate) => void,
): Promise<SessionUpdate> {
  const {port1, port2} = new MessageChannel()
  const final = new Promise<SessionUpdate>((resolve) => {
    port1.onmessage = ({data}: MessageEvent<SessionEvent>) => {
      rendererAlive()
      if (data.type === 'alive') return
      if (data.update.partial) progress(data.update)
      else resolve(data.update)
    }
  })
  try {
    return await callRenderer(async (remote) => {
      await remote.streamSession(transfer(port2, [port2]), sessionId, text, version, options)
      return final
    })
  } finally {
    port1.close()
  }
}

/** Render sessions in the app's one render worker. */
export const workerBackend: LiveRenderBackend = {
  render: (sessionId, text, version, progress, options) => renderSessionInWorker(sessionId, text, version, options, progress),
  close: (sessionId) => callRenderer((remote) => remote.closeSession(sessionId)),
  restart: (reason) => restartRenderer(reason),
  reason: failureReason,
}
