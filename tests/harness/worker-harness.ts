/**
 * Test page: starts the render worker the way `src/render/client.ts` does and
 * puts the Comlink remote on `window.renderer` for Playwright to call.
 */
import {wrap, type Remote} from 'comlink'
import type {RenderApi} from '../../workers/api.ts'

declare global {
  interface Window {
    renderer: Remote<RenderApi>
    /** Rejects once the worker reports an uncaught error, e.g. while loading. */
    workerFailed: Promise<never>
  }
}

const worker = new Worker(new URL('../../workers/render.worker.ts', import.meta.url), {type: 'module'})

// A worker that dies while loading never answers a Comlink call, so a test
// races its calls against this to fail fast with the worker's message.
window.workerFailed = new Promise((_, reject) => {
  worker.addEventListener('error', (event) => reject(new Error(`Worker error: ${event.message}`)))
})
window.workerFailed.catch((error: unknown) => console.error(String(error)))
window.renderer = wrap<RenderApi>(worker)
