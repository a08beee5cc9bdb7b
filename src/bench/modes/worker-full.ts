/**
 * Worker, full render: the same pipeline in the same worker, but the whole
 * document on every update (`markdownToHast`, made display-ready as the
 * app's blocks are), latest-wins, and every block of the preview rendered
 * again.
 */
import {callBenchWorker} from '../bench-worker.ts'
import {fullRenderView} from '../stage.tsx'
import {latestWins, type DriverOptions, type ModeDriver} from './driver.ts'
import {startWorkerFigures} from './worker-figures.ts'

/** Start the worker full-render mode. */
export async function startWorkerFull({stage, probe, warmUpText}: DriverOptions): Promise<ModeDriver> {
  const warm = await callBenchWorker((remote) => remote.markdownToDisplay(warmUpText))
  stage.showView(fullRenderView('bench-warm', warm.hast, 1))
  stage.clear()
  const figures = await startWorkerFigures()
  const renderer = latestWins(async (text, version) => {
    const started = performance.now()
    const result = await callBenchWorker((remote) => remote.markdownToDisplay(text))
    const received = performance.now()
    figures.add(received - started, result.ms)
    stage.showView(fullRenderView('bench-full', result.hast, version))
    probe.shown({version, partial: false, mainMs: performance.now() - received, workerMs: result.ms})
  }, probe.fail)

  return {
    update: (text) => renderer.update(text),
    takeStages: figures.takeStages,
    takeRenderMs: figures.takeRenderMs,
    close() {
      renderer.close()
      figures.stop()
    },
  }
}
