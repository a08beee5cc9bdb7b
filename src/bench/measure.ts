/**
 * Main-thread measurement: long tasks from a `longtask` PerformanceObserver,
 * frame gaps from `requestAnimationFrame`, the JS heap where Chromium reports
 * it, and the time of the next paint.
 */
import type {FrameFigures, LongTaskFigures} from './types.ts'

/** A frame at 60 Hz; a gap of k of these drops k − 1 frames. */
export const frameMs = 1000 / 60

/** What a recording saw. */
export interface Recording {
  longTasks: LongTaskFigures
  frames: FrameFigures
  /** `[t, gap]` from the recording's start. */
  frameGaps: Array<[number, number]>
  heap: {beforeBytes: number | null; peakBytes: number | null; afterBytes: number | null}
}

/** A recording in progress. */
export interface Recorder {
  /** When it started (`performance.now()`). */
  origin: number
  stop: () => Recording
}

/** Start recording the main thread. */
export function startRecording(): Recorder {
  const origin = performance.now()
  const tasks: number[] = []
  const observer =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('longtask')
      ? new PerformanceObserver((list) => collect(list.getEntries()))
      : undefined
  // A task that began before the recording but ran into it counts: a
  // main-thread render starts in the same task as the recording.
  function collect(entries: PerformanceEntryList): void {
    for (const entry of entries) if (entry.startTime + entry.duration > origin) tasks.push(entry.duration)
  }
  observer?.observe({type: 'longtask'})

  const gaps: Array<[number, number]> = []
  const before = heapBytes()
  let peak = before
  // The first gap counts from the start: a render that blocks right away delays the first frame.
  let last = origin
  let frame = requestAnimationFrame(function tick(now) {
    gaps.push([now - origin, Math.max(0, now - last)])
    last = now
    // Sampling the heap every frame costs a property read.
    const heap = heapBytes()
    if (heap !== null && (peak === null || heap > peak)) peak = heap
    frame = requestAnimationFrame(tick)
  })

  return {
    origin,
    stop() {
      cancelAnimationFrame(frame)
      if (observer) {
        collect(observer.takeRecords())
        observer.disconnect()
      }
      return {
        longTasks: {count: tasks.length, totalMs: sum(tasks), longestMs: Math.max(0, ...tasks)},
        frames: frameFigures(gaps.map(([, gap]) => gap)),
        frameGaps: gaps,
        heap: {beforeBytes: before, peakBytes: peak, afterBytes: heapBytes()},
      }
    },
  }
}

/** Frame figures of the gaps between frames. */
export function frameFigures(gaps: readonly number[]): FrameFigures {
  let dropped = 0
  for (const gap of gaps) dropped += Math.max(0, Math.round(gap / frameMs) - 1)
  return {frames: gaps.length, dropped, longestGapMs: Math.max(0, ...gaps)}
}

/** Frames while nothing runs, for `ms`: what the machine drops on its own. */
export async function recordIdle(ms: number): Promise<FrameFigures> {
  const recorder = startRecording()
  await new Promise((resolve) => setTimeout(resolve, ms))
  return recorder.stop().frames
}

const channel = typeof MessageChannel === 'function' ? new MessageChannel() : undefined
const afterFrame: Array<() => void> = []
if (channel) {
  channel.port1.onmessage = () => afterFrame.shift()?.()
}

/**
 * Call `callback` with the time right after the next paint: a task posted
 * from `requestAnimationFrame` runs once the frame's rendering is done.
 */
export function afterNextPaint(callback: (time: number) => void): void {
  requestAnimationFrame(() => {
    afterFrame.push(() => callback(performance.now()))
    channel!.port2.postMessage(0)
  })
}

/** Chromium's main-thread JS heap, or `null` where the browser does not say. */
export function heapBytes(): number | null {
  const memory = (performance as Performance & {memory?: {usedJSHeapSize: number}}).memory
  return memory ? memory.usedJSHeapSize : null
}

/** The `q` quantile (0–1) of `values` (nearest rank), or `null` if empty. */
export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

/** Sum of `values`. */
export function sum(values: readonly number[]): number {
  let total = 0
  for (const value of values) total += value
  return total
}
