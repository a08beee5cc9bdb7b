/**
 * The page's main-thread tasks, from a Chromium trace: when each started
 * (on the page's `performance.now()` clock), how long it took, and how much
 * of that the thread was on a CPU.
 *
 * The two differ when the machine is busy: on this 2-core VM the render
 * worker holds one core while it parses, and the main thread shares the
 * other with the compositor, the browser process and the test runner. A
 * task's CPU time is the work the app gave the main thread in one go; its
 * wall time adds the time the thread waited for a core. JavaScript and
 * layout do not wait on anything else, so there the difference is the
 * machine's.
 */
import type {Browser, Page} from 'playwright-core'
import type {TraceEvent} from '../../scripts/bench-cpu.ts'

export interface MainThreadTask {
  /** Start, in the page's `performance.now()` milliseconds. */
  start: number
  /** Wall time, ms. */
  wall: number
  /** Time the thread was on a CPU, ms (the wall time where the trace has none: tasks of a few microseconds). */
  cpu: number
}

/** The mark that ties the trace's clock to the page's. */
const syncMark = 'offthread-main-thread-trace'

/**
 * Start tracing `page`'s tasks (the light `toplevel` category); the function
 * returned stops and gives the main thread's tasks since.
 */
export async function traceMainThread(browser: Browser, page: Page): Promise<() => Promise<MainThreadTask[]>> {
  await browser.startTracing(page, {categories: ['toplevel', 'blink.user_timing']})
  const markedAt = await page.evaluate((name) => performance.mark(name).startTime, syncMark)
  return async () => {
    const {traceEvents} = JSON.parse((await browser.stopTracing()).toString()) as {traceEvents: TraceEvent[]}
    const mark = traceEvents.find((event) => event.name === syncMark)
    if (!mark) throw new Error('the trace has no sync mark')
    const offset = mark.ts / 1000 - markedAt
    // The page's main thread: the one that made the mark.
    const tasks = traceEvents
      .filter((event) => event.ph === 'X' && event.pid === mark.pid && event.tid === mark.tid && /(^|::)RunTask$/.test(event.name))
      .sort((a, b) => a.ts - b.ts)
    const outermost: MainThreadTask[] = []
    let end = -Infinity
    for (const task of tasks) {
      const dur = task.dur ?? 0
      // A task run inside another (a nested run loop) is part of it.
      if (task.ts < end) continue
      end = task.ts + dur
      outermost.push({start: task.ts / 1000 - offset, wall: dur / 1000, cpu: (task.tdur ?? dur) / 1000})
    }
    return outermost
  }
}
