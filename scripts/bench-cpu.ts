/**
 * CPU time of the page's main thread and its workers while the chat
 * scenario streams: Chromium's trace of top-level tasks, with each task's
 * thread time. Exposed to the page as `__offthreadBenchCpu('start' | 'stop')`
 * (see `src/bench/chat/cpu.ts`).
 */
import type {Browser, Page} from 'playwright-core'

/** One trace event, as far as this reads it. */
export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: {name?: string}
}

/** CPU milliseconds of the busiest renderer's main thread, and of its dedicated workers. */
export function cpuFromTrace(events: readonly TraceEvent[]): {mainMs: number; workerMs: number} {
  const names = new Map<string, string>()
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') names.set(`${event.pid}:${event.tid}`, event.args?.name ?? '')
  const perThread = new Map<string, number>()
  const ends = new Map<string, number>()
  // Tasks sorted by start; a task inside another (a nested run loop) is counted with its outer one.
  for (const event of [...events].filter((item) => item.ph === 'X' && item.dur !== undefined).sort((a, b) => a.ts - b.ts)) {
    const thread = `${event.pid}:${event.tid}`
    if (event.ts < (ends.get(thread) ?? -Infinity)) continue
    ends.set(thread, event.ts + event.dur!)
    perThread.set(thread, (perThread.get(thread) ?? 0) + (event.tdur ?? event.dur!) / 1000)
  }
  let main: {pid: string; ms: number} | undefined
  for (const [thread, ms] of perThread) {
    if (names.get(thread) !== 'CrRendererMain' || (main && main.ms >= ms)) continue
    main = {pid: thread.split(':')[0]!, ms}
  }
  let workerMs = 0
  for (const [thread, ms] of perThread) if (main && thread.startsWith(`${main.pid}:`) && names.get(thread) === 'DedicatedWorker thread') workerMs += ms
  return {mainMs: main?.ms ?? 0, workerMs}
}

/** Let `page` start and stop a trace of its CPU time. */
export async function exposeCpu(browser: Browser, page: Page): Promise<void> {
  let tracing = false
  await page.exposeFunction('__offthreadBenchCpu', async (action: 'start' | 'stop') => {
    if (tracing) {
      tracing = false
      const buffer = await browser.stopTracing()
      if (action === 'stop') return cpuFromTrace((JSON.parse(buffer.toString('utf8')) as {traceEvents: TraceEvent[]}).traceEvents)
    }
    if (action === 'stop') return null
    await browser.startTracing(page, {categories: ['toplevel', '__metadata']})
    tracing = true
    return null
  })
}
