/**
 * The page's long animation frames (over 50 ms: script, style and layout
 * together), taken phase by phase, with the main thread's tasks of each
 * phase from a Chromium trace (main-thread.ts) and a one-line report.
 */
import type {Page} from 'playwright-core'
import type {MainThreadTask} from './main-thread.ts'

declare global {
  interface Window {
    /** The long animation frames seen since the last `takeLongFrames()`. */
    longFrames: {start: number; duration: number; blocking: number; parts: string}[]
  }
}

/** Record the page's long animation frames from its next load on. */
export async function observeLongFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.longFrames = []
    type Script = {duration: number; invokerType: string; invoker: string; sourceFunctionName: string; sourceURL: string; sourceCharPosition: number}
    type Frame = PerformanceEntry & {blockingDuration: number; renderStart: number; scripts: Script[]}
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Frame[]) {
        // What the frame was made of: its scripts of 5 ms or more (where
        // in the build they start: the same sources build the same files),
        // and its rendering (style, layout, paint).
        const scripts = entry.scripts
          .filter((script) => script.duration >= 5)
          .map(
            (script) =>
              `${script.invoker} (${script.sourceFunctionName || '?'} ${script.sourceURL.split('/').pop()}:${script.sourceCharPosition}) ${Math.round(script.duration)}`,
          )
        const rendering = entry.renderStart > 0 ? [`rendering ${Math.round(entry.startTime + entry.duration - entry.renderStart)}`] : []
        window.longFrames.push({
          start: entry.startTime,
          duration: entry.duration,
          blocking: entry.blockingDuration,
          parts: [...scripts, ...rendering].join(', '),
        })
      }
    }).observe({type: 'long-animation-frame'})
  })
}

/**
 * Long frames seen up to `at` (the page's clock): their starts and
 * durations (ms, rounded), how long their tasks blocked beyond 50 ms (to
 * 0.1 ms), and what each was made of.
 */
export interface LongFrames {
  at: number
  starts: number[]
  frames: number[]
  blocked: number[]
  parts: string[]
}

/** A phase: its long frames, the main thread's tasks, and each long frame's CPU time (its tasks'). */
export interface Phase extends LongFrames {
  tasks: MainThreadTask[]
  frameCpu: number[]
}

/** Wait two frames, then take the long frames seen since the last call. */
export async function takeLongFrames(page: Page): Promise<LongFrames> {
  const {entries, at} = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    return {entries: window.longFrames.splice(0), at: performance.now()}
  })
  return {
    at,
    starts: entries.map(({start}) => start),
    frames: entries.map(({duration}) => Math.round(duration)),
    blocked: entries.filter(({blocking}) => blocking > 0).map(({blocking}) => Math.round(blocking * 10) / 10),
    parts: entries.map(({parts}) => parts),
  }
}

/** The most CPU time one task of the phase took. */
export function mostTaskCpu({tasks}: Phase): number {
  return Math.max(0, ...tasks.map(({cpu}) => cpu))
}

/**
 * `tasks: longest W ms (CPU C ms), most CPU M ms; long frames F, … ms
 * (blocked B ms beyond 50) [F: CPU C ms, SCRIPT (SOURCE) S, rendering R; …]`:
 * a frame's CPU time is its tasks'.
 */
export function report(phase: Phase): string {
  const longest = phase.tasks.reduce<MainThreadTask | undefined>((most, task) => (most && most.wall >= task.wall ? most : task), undefined)
  const task = longest
    ? `tasks: longest ${Math.round(longest.wall)} ms (CPU ${Math.round(longest.cpu)} ms), most CPU ${Math.round(mostTaskCpu(phase))} ms`
    : 'no task'
  const {frames, blocked, parts, frameCpu} = phase
  if (frames.length === 0) return `${task}; no long frame`
  const made = frames.map((frame, index) => `${frame}: CPU ${Math.round(frameCpu[index]!)} ms, ${parts[index] || 'no script of 5 ms'}`)
  return `${task}; long frames ${frames.join(', ')} ms (blocked ${blocked.length ? blocked.join(', ') + ' ms beyond 50' : 'never'}) [${made.join('; ')}]`
}

/** The phase that ended at `frames.at` and began at `from`: its tasks, and each long frame's CPU time. */
export function framePhase(frames: LongFrames, tasks: MainThreadTask[], from: number): Phase {
  return {
    ...frames,
    tasks: tasks.filter((task) => task.start >= from && task.start < frames.at),
    // Every task that overlaps the frame counts, in full.
    frameCpu: frames.starts.map((start, index) =>
      tasks.filter((task) => task.start < start + frames.frames[index]! && task.start + task.wall > start).reduce((sum, {cpu}) => sum + cpu, 0),
    ),
  }
}
