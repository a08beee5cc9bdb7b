/**
 * Worker, full render: the same pipeline in the same worker, but the whole
 * document on every update (`markdownToHast`), latest-wins, and every block
 * of the preview rendered again.
 */
import {callRenderer} from '../../render/client.ts'
import {fullRenderView} from '../stage.tsx'
import type {StageFigures} from '../types.ts'
import {latestWins, type DriverOptions, type ModeDriver} from './driver.ts'

/** Start the worker full-render mode. */
export async function startWorkerFull({stage, probe, warmUpText}: DriverOptions): Promise<ModeDriver> {
  const warm = await callRenderer((remote) => remote.markdownToHast(warmUpText))
  stage.showView(fullRenderView('bench-warm', warm.hast, 1))
  stage.clear()
  await callRenderer((remote) => remote.timeStages(true))
  let transfer = 0
  let renderMs = 0
  const renderer = latestWins(async (text, version) => {
    const started = performance.now()
    const result = await callRenderer((remote) => remote.markdownToHast(text))
    const received = performance.now()
    transfer += received - started - result.ms
    renderMs += result.ms
    stage.showView(fullRenderView('bench-full', result.hast, version))
    probe.shown({version, partial: false, mainMs: performance.now() - received, workerMs: result.ms})
  }, probe.fail)

  return {
    update: (text) => renderer.update(text),
    async takeStages(): Promise<StageFigures | null> {
      const stages = await callRenderer((remote) => remote.timeStages(true))
      const taken = transfer
      transfer = 0
      return stages ? {...stages, transfer: taken} : null
    },
    takeRenderMs() {
      const taken = renderMs
      renderMs = 0
      return taken
    },
    close() {
      renderer.close()
      void callRenderer((remote) => remote.timeStages(false)).catch(() => {})
    },
  }
}
