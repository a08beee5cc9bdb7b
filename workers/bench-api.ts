/**
 * The benchmark's worker API: the app's, plus switches only the benchmark
 * uses. `bench.worker.ts` exposes it; the app's render worker never loads it.
 */
import {api} from './api.ts'
import {timeStages} from './pipeline.ts'
import {resizePool} from './pool-size.ts'

/** The app's API, the pool's size and the pipeline's stage timer. */
export const benchApi = {...api, usePool: resizePool, timeStages}

/** Type of the benchmark worker's API, for `wrap<BenchApi>()` on the main thread. */
export type BenchApi = typeof benchApi
