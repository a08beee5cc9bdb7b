/** The Benchmark view's state: what to run, how the run goes, what it measured. */
import {atom} from 'jotai'
import {defaultPoolSize} from '../../shared/default-pool-size.ts'
import type {BenchProgress} from './run-bench.ts'
import {modes, type BenchConfig, type BenchResults, type RunResult} from './types.ts'

/** Block workers by default: the app's own. */
// `scripts/bench.ts` reads these defaults in Node 20, which has no `navigator`.
export const defaultPool = () => defaultPoolSize(typeof navigator === 'object' ? navigator.hardwareConcurrency : 2)

/** What a first visit runs: small and large, every scenario and mode. */
export const defaultBenchConfig: BenchConfig = {
  documents: ['gen:10000', 'gen:1000000'],
  profiles: ['mixed'],
  // The chat scenario takes minutes: picked on purpose (`npm run bench -- --chat`).
  scenarios: ['open', 'type', 'stream'],
  modes: modes.map(({id}) => id),
  keystrokes: 20,
  keystrokeMs: 50,
  chunkChars: 0,
  chunksPerSecond: 100,
  pool: defaultPool(),
  chatRates: [40, 150, 600],
  chatReplies: 3,
  chatSeconds: 20,
}

/** The benchmark to run. */
export const benchConfigAtom = atom<BenchConfig>(defaultBenchConfig)

/** Where the benchmark stands. */
export type BenchStatus = {state: 'idle'} | {state: 'running'; progress: BenchProgress} | {state: 'done' | 'cancelled'} | {state: 'failed'; error: string}

/** Where the benchmark stands. */
export const benchStatusAtom = atom<BenchStatus>({state: 'idle'})

/** Whether a benchmark runs; changes twice a run, not with every progress report. */
export const benchRunningAtom = atom((get) => get(benchStatusAtom).state === 'running')

/** Runs finished so far in the benchmark under way (or the last one). */
export const benchRunsAtom = atom<readonly RunResult[]>([])

/** The last finished (or cancelled) benchmark. */
export const benchResultsAtom = atom<BenchResults | undefined>(undefined)

/** `config` with `value` in or out of list `key`. */
export function toggleIn<K extends 'documents' | 'scenarios' | 'modes' | 'profiles'>(
  config: BenchConfig,
  key: K,
  value: BenchConfig[K][number],
  on: boolean,
): BenchConfig {
  const list = config[key] as ReadonlyArray<BenchConfig[K][number]>
  const next = on ? (list.includes(value) ? list : [...list, value]) : list.filter((item) => item !== value)
  return {...config, [key]: next}
}

/** Sizes such as `50k, 2m, 300000` as `gen:<bytes>` ids; throws on anything else. */
export function parseSizes(input: string): string[] {
  return input
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((item) => {
      const match = /^(\d+(?:\.\d+)?)\s*(k|kb|m|mb)?$/i.exec(item)
      if (!match) throw new Error(`Expected a size such as \`100k\` or \`1m\`, not \`${item}\``)
      const unit = match[2]?.[0]?.toLowerCase()
      const bytes = Math.round(Number(match[1]) * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1))
      if (bytes < 1) throw new Error(`Expected a size of at least one byte, not \`${item}\``)
      return `gen:${bytes}`
    })
}
