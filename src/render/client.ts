/**
 * The render worker: the only `new Worker` of the app. It is started on first
 * use and replaced when it dies or a call fails with a bug (content problems
 * come back as messages, never as errors).
 */
import {wrap, type Remote} from 'comlink'
import type {RenderApi} from '../../workers/api.ts'

interface Running {
  worker: Worker
  remote: Remote<RenderApi>
  /** Rejects when this worker dies, so calls in flight do not hang forever. */
  died: Promise<never>
  kill: (reason: string) => void
}

let running: Running | undefined
const crashListeners = new Set<(reason: string) => void>()

function start(): Running {
  const worker = new Worker(new URL('../../workers/render.worker.ts', import.meta.url), {type: 'module'})
  let kill: (reason: string) => void = () => {}
  const died = new Promise<never>((_, reject) => {
    kill = (reason) => reject(new Error(reason))
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

/** Call the worker; rejects if the call throws or the worker dies meanwhile. */
export function callRenderer<T>(call: (remote: Remote<RenderApi>) => Promise<T>): Promise<T> {
  running ??= start()
  return Promise.race([call(running.remote), running.died])
}

/**
 * Terminate the worker (the current one, or only `which` if it is still
 * current); the next call starts a new one.
 */
export function restartRenderer(reason: string, which?: Running): void {
  if (!running || (which && which !== running)) return
  const dead = running
  running = undefined
  dead.kill(reason)
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
