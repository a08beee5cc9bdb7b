/**
 * The render worker (the app's other workers are Monaco's own and one that
 * reads long share links, `src/state/share-link-reader.ts`; the benchmark
 * swaps in its own entry, `src/bench/bench-worker.ts`). It is started
 * on first use and replaced when it dies, when a call fails with a bug
 * (content problems come back as messages, never as errors), or when the
 * watchdog finds it stuck.
 */
import {wrap, type Remote} from 'comlink'
import type {RenderApi} from '../../workers/api.ts'

interface Running {
  worker: Worker
  remote: Remote<RenderApi>
  /** Rejects when this worker dies, so calls in flight do not hang forever. */
  died: Promise<never>
  kill: (reason: string, name?: string) => void
}

/**
 * The watchdog's limit: while calls are in flight, a worker that shows no
 * sign of life (a call settling, a progress update) for this long is
 * terminated and replaced, and the calls fail with a `TimeoutError`.
 * Progress resets it, so a long document that renders block by block is
 * never cut off; one block that takes this long is.
 */
export const renderTimeoutMs = 10_000

let running: Running | undefined
let createWorker = appWorker
const crashListeners = new Set<(reason: string) => void>()
let inFlight = 0
let watchdog: ReturnType<typeof setTimeout> | undefined

function appWorker(): Worker {
  return new Worker(new URL('../../workers/render.worker.ts', import.meta.url), {type: 'module'})
}

function start(): Running {
  const worker = createWorker()
  let kill: Running['kill'] = () => {}
  const died = new Promise<never>((_, reject) => {
    kill = (reason, name) => {
      const error = new Error(reason)
      if (name) error.name = name
      reject(error)
    }
  })
  // Nobody may be waiting when it dies; the rejection is still handled.
  died.catch(() => {})
  const current: Running = {worker, remote: wrap<RenderApi>(worker), died, kill}
  const crashed = (reason: string) => {
    if (running !== current) return
    restartRenderer(reason, current)
    for (const listener of crashListeners) listener(reason)
  }
  worker.addEventListener('error', (event) => {
    event.preventDefault()
    crashed(`The render worker crashed: ${event.message || 'it failed to load'}`)
  })
  worker.addEventListener('messageerror', () => crashed('The render worker sent a message that could not be read'))
  return current
}

/**
 * Start render workers with `create` from now on (without it, the app's
 * entry again) and stop the running one; calls in flight fail with an
 * `AbortError`, which the live render sends again rather than reporting.
 * Only the benchmark uses it: its entry has the app's API plus its own
 * switches.
 */
export function setRendererWorker(create: () => Worker = appWorker): void {
  createWorker = create
  restartRenderer('The render worker was replaced', undefined, 'AbortError')
}

/** Call the worker; rejects if the call throws, the worker dies meanwhile, or the watchdog stops it. */
export async function callRenderer<T>(call: (remote: Remote<RenderApi>) => Promise<T>): Promise<T> {
  running ??= start()
  inFlight++
  rendererAlive()
  try {
    return await Promise.race([call(running.remote), running.died])
  } finally {
    inFlight--
    rendererAlive()
  }
}

/** Tell the watchdog the worker is making progress (a partial update arrived). */
export function rendererAlive(): void {
  clearTimeout(watchdog)
  watchdog = inFlight > 0 && running ? setTimeout(stuck, renderTimeoutMs, running) : undefined
}

function stuck(which: Running): void {
  const seconds = renderTimeoutMs / 1000
  restartRenderer(`Rendering took longer than ${seconds} s and was stopped`, which, 'TimeoutError')
}

/**
 * Terminate the worker (the current one, or only `which` if it is still
 * current); the next call starts a new one. Calls in flight reject with
 * `reason` (an error named `name`, if given).
 */
export function restartRenderer(reason: string, which?: Running, name?: string): void {
  if (!running || (which && which !== running)) return
  const dead = running
  running = undefined
  dead.kill(reason, name)
  dead.worker.terminate()
}

/** Call `listener` when the worker dies on its own (not when a call fails); returns an unsubscribe function. */
export function onRendererCrash(listener: (reason: string) => void): () => void {
  crashListeners.add(listener)
  return () => crashListeners.delete(listener)
}

/** Text of a failure from `callRenderer`, for the error banner. */
export function failureReason(error: unknown): string {
  if (error instanceof Error) return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message
  return String(error)
}
