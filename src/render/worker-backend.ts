/** The live-render backend that talks to the render worker, shared by the editor's preview and the chat. */
import {proxy} from 'comlink'
import type {SessionOptions, SessionUpdate} from '../../workers/session-types.ts'
import {callRenderer, failureReason, rendererAlive, restartRenderer} from './client.ts'
import type {LiveRenderBackend} from './live-render.ts'
import {inSendingOrder} from './sending-order.ts'

/** Render session `sessionId` in the worker; progress updates and signs of life keep the watchdog at bay. */
export async function renderSessionInWorker(
  sessionId: string,
  markdown: string,
  version: number,
  options: SessionOptions,
  progress: (update: SessionUpdate) => void,
): Promise<SessionUpdate> {
  const ordered = inSendingOrder((update) => {
    rendererAlive()
    progress(update)
  })
  const update = await callRenderer((remote) => remote.renderSession(sessionId, markdown, version, options, proxy(ordered.progress), proxy(rendererAlive)))
  return ordered.result(update)
}

/** Render sessions in the app's one render worker. */
export const workerBackend: LiveRenderBackend = {
  render: (sessionId, markdown, version, progress, options) => renderSessionInWorker(sessionId, markdown, version, options, progress),
  close: (sessionId) => callRenderer((remote) => remote.closeSession(sessionId)),
  restart: (reason) => restartRenderer(reason),
  reason: failureReason,
}
