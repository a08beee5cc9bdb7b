/** Start and cancel the benchmark from the view; the run's state goes to the store. */
import {store} from '../state/store.ts'
import {benchResultsAtom, benchRunsAtom, benchStatusAtom} from './bench-state.ts'
import {runBench} from './run-bench.ts'
import type {Stage} from './stage.tsx'
import type {BenchConfig} from './types.ts'

let running: AbortController | undefined

/** Run `config` on `stage`, echoing keystrokes with `echo`; one at a time. */
export async function startBench(config: BenchConfig, stage: Stage, echo: (chars: string | undefined) => void): Promise<void> {
  if (running) return
  const controller = (running = new AbortController())
  store.set(benchRunsAtom, [])
  store.set(benchStatusAtom, {state: 'running', progress: {done: 0, total: 0, fraction: 0, label: 'Starting'}})
  try {
    const results = await runBench(config, {
      stage,
      echo,
      signal: controller.signal,
      progress: (progress) => store.set(benchStatusAtom, {state: 'running', progress}),
      result: (run) => store.set(benchRunsAtom, (runs) => [...runs, run]),
    })
    store.set(benchResultsAtom, results)
    store.set(benchStatusAtom, {state: results.cancelled ? 'cancelled' : 'done'})
  } catch (error) {
    console.error('Offthread: the benchmark failed', error)
    store.set(benchStatusAtom, {state: 'failed', error: error instanceof Error ? error.message : String(error)})
  } finally {
    running = undefined
  }
}

/** Cancel the benchmark under way; what finished is kept. */
export function cancelBench(): void {
  running?.abort(new DOMException('Cancelled', 'AbortError'))
}
