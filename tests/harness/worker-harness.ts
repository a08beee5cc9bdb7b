/**
 * Test page: starts the render worker the way the benchmark does (the app's
 * API plus the pool switch, `workers/bench.worker.ts`) and puts the Comlink
 * remote on `window.renderer` for Playwright to call.
 */
import {transfer, wrap, type Remote} from 'comlink'
import type {SessionEvent, SessionUpdate} from '../../shared/protocol.ts'
import type {BenchApi} from '../../workers/bench-api.ts'

declare global {
  interface Window {
    renderer: Remote<BenchApi>
    /** Rejects once the worker reports an uncaught error, e.g. while loading. */
    workerFailed: Promise<never>
    /** A session's updates, read from its stream in order: the partial ones, then the final one. */
    renderSession: (sessionId: string, markdown: string, version: number) => Promise<SessionUpdate[]>
  }
}

const worker = new Worker(new URL('../../workers/bench.worker.ts', import.meta.url), {type: 'module'})

// A worker that dies while loading never answers a Comlink call, so a test
// races its calls against this to fail fast with the worker's message.
window.workerFailed = new Promise((_, reject) => {
  worker.addEventListener('error', (event) => reject(new Error(`Worker error: ${event.message}`)))
})
window.workerFailed.catch((error: unknown) => console.error(String(error)))
window.renderer = wrap<BenchApi>(worker)
window.renderSession = async (sessionId, markdown, version) => {
  const {port1, port2} = new MessageChannel()
  const updates: SessionUpdate[] = []
  // The final update carries only the blocks the partial ones did not.
  const final = new Promise<SessionUpdate[]>((resolve) => {
    port1.onmessage = ({data}: MessageEvent<SessionEvent>) => {
      if (data.type !== 'update') return
      updates.push(data.update)
      if (!data.update.partial) resolve(updates)
    }
  })
  await window.renderer.streamSession(transfer(port2, [port2]), sessionId, markdown, version)
  return final
}
