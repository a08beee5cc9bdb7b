/**
 * The benchmark's worker API: the app's, plus switches only the benchmark
 * uses. `bench.worker.ts` exposes it; the app's render worker never loads it.
 */
import {api} from './api.ts'
import {hastToDisplay} from './display/block-to-display.ts'
import {grammarsWarmedUp} from './highlighter.ts'
import {markdownToHast, timeStages} from './pipeline.ts'
import {resizePool} from './pool-size.ts'
import type {RenderResult} from './types.ts'

/**
 * A full render made display-ready, as the app's stream sends blocks: the
 * full-render mode's preview then does what the app's does.
 */
async function markdownToDisplay(markdown: string): Promise<RenderResult> {
  const result = await markdownToHast(markdown)
  const started = performance.now()
  const hast = hastToDisplay(result.hast)
  return {...result, hast, ms: result.ms + performance.now() - started}
}

/**
 * The app's API, the pool's size, the pipeline's stage timer, display-ready
 * full renders, and a wait for the grammars loaded so far to be compiled
 * ahead (a warm-up is done once they are).
 */
export const benchApi = {...api, usePool: resizePool, timeStages, markdownToDisplay, grammarsWarmedUp}

/** Type of the benchmark worker's API, for `wrap<BenchApi>()` on the main thread. */
export type BenchApi = typeof benchApi
