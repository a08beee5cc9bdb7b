/**
 * The benchmark's render worker, `workers/bench.worker.ts`: the app's API
 * plus the benchmark's switches. It stands in for the app's render worker
 * while a benchmark runs, so the worker modes go through the app's own
 * client and backend; the app's worker comes back when the run ends.
 */
import type {Remote} from 'comlink'
import type {BenchApi} from '../../workers/bench-api.ts'
import {callRenderer, setRendererWorker} from '../render/client.ts'

let started = false

/** Render in the benchmark's worker from now on; the running render worker is replaced. */
export function startBenchWorker(): void {
  if (started) return
  started = true
  setRendererWorker(() => new Worker(new URL('../../workers/bench.worker.ts', import.meta.url), {type: 'module'}))
}

/** Back to the app's render worker. */
export function stopBenchWorker(): void {
  if (!started) return
  started = false
  setRendererWorker()
}

/** Call the benchmark's worker, as `callRenderer` calls the app's. */
export async function callBenchWorker<T>(call: (remote: Remote<BenchApi>) => Promise<T>): Promise<T> {
  if (!started) throw new Error('Expected the benchmark worker to be started (`startBenchWorker`)')
  // The client runs the benchmark's entry now, whose API extends the app's.
  return callRenderer((remote) => call(remote as Remote<BenchApi>))
}
