/**
 * A pool of workers that render blocks in parallel for the session worker
 * (nested workers). Blocks are independent once their context is written in
 * front of them, so a long document opens about as many times faster as
 * there are cores to spare.
 *
 * IMPORTANT: only for the browser worker; Node (the CLI, the tests) renders
 * in-process.
 */
import {wrap, type Remote} from 'comlink'
import type {BlockApi} from './block-api.ts'
import type {BlockRender} from './incremental/render-block.ts'

/** Renders blocks on the pool's workers, round-robin. */
export interface BlockPool {
  size: number
  renderBlock(text: string, prefix: string, checkClosed: boolean): Promise<BlockRender>
  terminate(): void
}

/** A pool of `size` workers (at least 1). */
export function createBlockPool(size: number): BlockPool {
  const workers = Array.from({length: size}, () => new Worker(new URL('./block.worker.ts', import.meta.url), {type: 'module'}))
  const remotes: Array<Remote<BlockApi>> = workers.map((worker) => wrap<BlockApi>(worker))
  const busy = remotes.map(() => 0)
  return {
    size,
    async renderBlock(text, prefix, checkClosed) {
      // The least busy worker; ties go to the first.
      const index = busy.indexOf(Math.min(...busy))
      busy[index]!++
      try {
        // A render is plain data, its footnote references too (see `FootnoteRef`).
        return await remotes[index]!.renderBlock(text, prefix, checkClosed)
      } finally {
        busy[index]!--
      }
    },
    terminate() {
      for (const worker of workers) worker.terminate()
    },
  }
}
