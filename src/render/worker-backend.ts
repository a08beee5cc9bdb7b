/** The live-render backend that talks to the render worker, shared by the editor's preview and the chat. */
import {proxy} from 'comlink'
import {callRenderer, failureReason, rendererAlive, restartRenderer} from './client.ts'
import type {SessionUpdate} from '../../workers/session-types.ts'
import type {LiveRenderBackend} from './live-render.ts'

/** Render sessions in the app's one render worker. */
export const workerBackend: LiveRenderBackend = {
  render: (sessionId, markdown, version, progress, options) =>
    callRenderer((remote) =>
      remote.renderSession(
        sessionId,
        markdown,
        version,
        options,
        proxy((update: SessionUpdate) => {
          rendererAlive()
          progress(update)
        }),
      ),
    ),
  close: (sessionId) => callRenderer((remote) => remote.closeSession(sessionId)),
  restart: (reason) => restartRenderer(reason),
  reason: failureReason,
}
