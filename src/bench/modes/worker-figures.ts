/**
 * The figures of a mode that renders in the app's render worker: the time
 * the worker reported, the rest of each round trip (transfer), and the
 * worker's pipeline stage times, each taken between runs.
 */
import {callBenchWorker} from '../bench-worker.ts'
import type {StageFigures} from '../types.ts'
import {createTally} from './driver.ts'

/** Figures of a worker mode; stage timing is on from the start. */
export async function startWorkerFigures() {
  await callBenchWorker((remote) => remote.timeStages(true))
  const render = createTally()
  const transfer = createTally()
  return {
    /** One call took `roundTripMs` here, of which the worker reported `workerMs`. */
    add(roundTripMs: number, workerMs: number): void {
      render.add(workerMs)
      transfer.add(roundTripMs - workerMs)
    },
    async takeStages(): Promise<StageFigures | null> {
      const stages = await callBenchWorker((remote) => remote.timeStages(true))
      const taken = transfer.take()
      return stages ? {...stages, transfer: taken} : null
    },
    takeRenderMs: render.take,
    /** Stop timing stages. */
    stop(): void {
      void callBenchWorker((remote) => remote.timeStages(false)).catch(() => {})
    },
  }
}
