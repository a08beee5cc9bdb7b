/**
 * What reached the screen during a run: each update a mode showed, when it
 * was painted, and when a given version (or a later one) was painted whole.
 */
import {afterNextPaint} from './measure.ts'
import type {TimelinePoint} from './types.ts'

/** An update a mode has just committed to the DOM. */
export interface Shown {
  version: number
  /** The first part of a long render; more of the same version follows. */
  partial: boolean
  /** Main-thread milliseconds the update took. */
  mainMs: number
  /** Milliseconds the renderer reported (worker wall clock), if it runs elsewhere. */
  workerMs: number | null
}

/** The probe of one mode's renders. */
export interface Probe {
  /** Start a new run at `origin` (`performance.now()`): forget what was shown. */
  begin: (origin: number) => void
  shown: (update: Shown) => void
  /** The mode failed: waiting stops with `reason`. */
  fail: (reason: string) => void
  /** Resolves with the paint time of the first whole update of `version` or later. */
  painted: (version: number, signal: AbortSignal, timeoutMs?: number) => Promise<number>
  /** Paint time of the first update of this run, partial or not. */
  firstPaint: () => number | undefined
  /** Paint time of the first whole update of `version` or later, if painted yet. */
  paintOf: (version: number) => number | undefined
  /** Updates of this run, relative to its origin. */
  points: () => TimelinePoint[]
}

/** A probe for one mode. */
export function createProbe(): Probe {
  let failure: string | undefined
  let origin = 0
  let run = 0
  let points: TimelinePoint[] = []
  let first: number | undefined
  // Whole updates painted, in order: versions only grow.
  let paints: Array<{version: number; at: number}> = []
  let waiters: Array<() => void> = []

  const paintOf = (version: number) => paints.find((paint) => paint.version >= version)?.at

  return {
    begin(at) {
      origin = at
      failure = undefined
      run++
      points = []
      first = undefined
      paints = []
    },
    shown(update) {
      const point: TimelinePoint = {t: performance.now() - origin, ...update, paintedAt: null}
      points.push(point)
      const current = run
      afterNextPaint((time) => {
        if (current !== run) return
        point.paintedAt = time - origin
        first ??= time
        if (!update.partial) paints.push({version: update.version, at: time})
        for (const wake of waiters) wake()
      })
    },
    fail(reason) {
      failure = reason
      for (const wake of waiters) wake()
    },
    painted(version, signal, timeoutMs = 300_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`Version ${version} was not painted within ${timeoutMs / 1000} s`)), timeoutMs)
        const check = () => {
          const at = paintOf(version)
          if (at !== undefined) return finish(undefined, at)
          if (failure !== undefined) finish(new Error(failure))
        }
        const onAbort = () => finish(signal.reason instanceof Error ? signal.reason : new DOMException('Cancelled', 'AbortError'))
        function finish(error: Error | undefined, at?: number) {
          clearTimeout(timer)
          signal.removeEventListener('abort', onAbort)
          waiters = waiters.filter((wake) => wake !== check)
          if (error) reject(error)
          else resolve(at!)
        }
        signal.addEventListener('abort', onAbort)
        waiters.push(check)
        check()
      })
    },
    firstPaint: () => first,
    paintOf,
    points: () => points,
  }
}
