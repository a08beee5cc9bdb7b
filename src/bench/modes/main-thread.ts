/**
 * Main thread: the app's pipeline run on the main thread, whole document on
 * every update, as a typical react-markdown page does. The one place where
 * `src/` loads code from `workers/`, on purpose, behind a dynamic import.
 */
import type {Root} from 'hast'
import {fullRenderView} from '../stage.tsx'
import type {StageFigures} from '../types.ts'
import {createTally, latestWins, type DriverOptions, type ModeDriver} from './driver.ts'

/** The app's pipeline on the main thread, display-ready as the worker's blocks are, warmed up on `warmUpText`. */
export async function loadMainThreadPipeline(warmUpText: string): Promise<(text: string) => Promise<Root>> {
  const [pipeline, {hastToDisplay}] = await Promise.all([import('../../../workers/pipeline.ts'), import('../../../workers/display/block-to-display.ts')])
  await pipeline.markdownToHast(warmUpText)
  return async (text) => hastToDisplay((await pipeline.markdownToHast(text)).hast)
}

/** Start the main-thread mode. */
export async function startMainThread({stage, probe, warmUpText}: DriverOptions): Promise<ModeDriver> {
  const [pipeline, {hastToDisplay}] = await Promise.all([import('../../../workers/pipeline.ts'), import('../../../workers/display/block-to-display.ts')])
  // Display-ready, as the app's worker sends blocks: the preview does what the app's does.
  stage.showView(fullRenderView('bench-warm', hastToDisplay((await pipeline.markdownToHast(warmUpText)).hast), 1))
  stage.clear()
  pipeline.timeStages(true)
  const renderMs = createTally()
  const renderer = latestWins(async (text, version) => {
    const started = performance.now()
    const result = await pipeline.markdownToHast(text)
    renderMs.add(result.ms)
    stage.showView(fullRenderView('bench-main', hastToDisplay(result.hast), version))
    probe.shown({version, partial: false, mainMs: performance.now() - started, workerMs: null})
  }, probe.fail)

  return {
    update: (text) => renderer.update(text),
    async takeStages(): Promise<StageFigures | null> {
      const stages = pipeline.timeStages(true)
      return stages ? {...stages, transfer: null} : null
    },
    takeRenderMs: renderMs.take,
    close() {
      renderer.close()
      pipeline.timeStages(false)
    },
  }
}
