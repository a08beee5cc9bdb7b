/**
 * Offthread: the app's own way. A render session in the render worker
 * (incremental, progressive partial updates, an optional pool of block
 * workers), latest-wins, applied with `applyUpdate` to the app's `Preview`.
 */
import {createLiveRender, type LiveRenderBackend} from '../../render/live-render.ts'
import {renderSessionInWorker, workerBackend} from '../../render/worker-backend.ts'
import {applyUpdate, emptyRender} from '../../state/render.ts'
import type {SessionOptions} from '../../../shared/protocol.ts'
import {callBenchWorker} from '../bench-worker.ts'
import type {DriverOptions, ModeDriver} from './driver.ts'
import {startWorkerFigures} from './worker-figures.ts'

let sessions = 0

/** Start the Offthread mode. */
export async function startOffthread({stage, probe, warmUpText, pool}: DriverOptions): Promise<ModeDriver> {
  // A pool of this size already running stays, warm.
  await callBenchWorker((remote) => remote.usePool(pool))
  // Warm the worker and every pool worker: enough blocks to go to the pool.
  const warmId = `bench-warm-${++sessions}`
  const warm = await renderSessionInWorker(warmId, warmUpText, 1, {}, () => {})
  await callBenchWorker((remote) => remote.closeSession(warmId))
  // Grammars an earlier run's stream queued to compile ahead are done before this one is measured.
  await callBenchWorker((remote) => remote.grammarsWarmedUp())
  // And the main thread's side of it.
  const warmView = applyUpdate(emptyRender(warmId), warm)
  if (warmView) stage.showView(warmView)
  stage.clear()
  const figures = await startWorkerFigures()

  const sessionId = `bench-${++sessions}`
  let view = emptyRender(sessionId)
  let heal = false
  let version = 0
  // The app's backend, timed, with the scenario's healing.
  const backend: LiveRenderBackend = {
    ...workerBackend,
    async render(id, text, at, progress, options: SessionOptions = {}) {
      const started = performance.now()
      const update = await renderSessionInWorker(id, text, at, {...options, heal}, progress)
      figures.add(performance.now() - started, update.ms)
      return update
    },
  }
  const live = createLiveRender(sessionId, backend, {
    requested: () => {},
    updated(update) {
      const started = performance.now()
      const next = applyUpdate(view, update)
      if (!next) return false
      view = next
      stage.showView(next)
      probe.shown({version: update.version, partial: update.partial, mainMs: performance.now() - started, workerMs: update.ms})
      return true
    },
    failed: (reason) => probe.fail(reason),
  })

  return {
    update(text, options = {}) {
      heal = options.heal ?? false
      // The live render numbers its texts 1, 2, … as this does.
      live.update(text)
      return ++version
    },
    takeStages: figures.takeStages,
    takeRenderMs: figures.takeRenderMs,
    close() {
      live.close()
      figures.stop()
    },
  }
}
