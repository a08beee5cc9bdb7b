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
    /** Whether the font warm-up's specimen has left the page (src/render/font-warmup.tsx). */
    warmedUp: boolean
  }
}

/**
 * Record the page's long animation frames from its next load on, and note
 * when its startup work (the font warm-up, laid out when the page is first
 * idle) is done.
 */
export async function observeLongFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.longFrames = []
    window.warmedUp = false
    new MutationObserver((mutations, observer) => {
      const removed = mutations.some(({removedNodes}) =>
        [...removedNodes].some((node) => node instanceof HTMLElement && node.classList.contains('font-warmup')),
      )
      if (removed) {
        window.warmedUp = true
        observer.disconnect()
      }
    }).observe(document, {childList: true, subtree: true})
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
  /** The CPU time of each task of each long frame. */
  frameTasks: number[][]
  frameCpu: number[]
}

/**
 * Wait until the page's startup work is done, so that a phase measured
 * after it counts what its input costs, not the warm-up's layouts that
 * happened to land in its frames.
 */
export async function waitForWarmUp(page: Page): Promise<void> {
  await page.waitForFunction(() => window.warmedUp, null, {timeout: 30_000})
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
 * (blocked B ms beyond 50) [F: CPU C ms (T + T…), SCRIPT (SOURCE) S, rendering R; …]`:
 * a frame's CPU time is the sum of its tasks' (T).
 */
export function report(phase: Phase): string {
  const longest = phase.tasks.reduce<MainThreadTask | undefined>((most, task) => (most && most.wall >= task.wall ? most : task), undefined)
  const task = longest
    ? `tasks: longest ${Math.round(longest.wall)} ms (CPU ${Math.round(longest.cpu)} ms), most CPU ${Math.round(mostTaskCpu(phase))} ms`
    : 'no task'
  const {frames, blocked, parts, frameCpu, frameTasks} = phase
  if (frames.length === 0) return `${task}; no long frame`
  const made = frames.map((frame, index) => {
    const each = frameTasks[index]!.filter((cpu) => cpu >= 1).map((cpu) => Math.round(cpu))
    return `${frame}: CPU ${Math.round(frameCpu[index]!)} ms (${each.join(' + ') || 'no task of 1 ms'}), ${parts[index] || 'no script of 5 ms'}`
  })
  return `${task}; long frames ${frames.join(', ')} ms (blocked ${blocked.length ? blocked.join(', ') + ' ms beyond 50' : 'never'}) [${made.join('; ')}]`
}

/** The phase that ended at `frames.at` and began at `from`: its tasks, and each long frame's. */
export function framePhase(frames: LongFrames, tasks: MainThreadTask[], from: number): Phase {
  // A task is the frame's if its middle falls in it: the trace's clock and
  // the page's are tied to a tenth of a millisecond, so a neighbour that
  // ends or starts at the frame's edge may seem to overlap it.
  const frameTasks = frames.starts.map((start, index) =>
    tasks.filter((task) => task.start + task.wall / 2 >= start && task.start + task.wall / 2 <= start + frames.frames[index]!).map(({cpu}) => cpu),
  )
  return {
    ...frames,
    tasks: tasks.filter((task) => task.start >= from && task.start < frames.at),
    frameTasks,
    frameCpu: frameTasks.map((cpus) => cpus.reduce((sum, cpu) => sum + cpu, 0)),
  }
}
