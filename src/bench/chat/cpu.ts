/**
 * CPU time of the page's main thread and workers, from Chromium's trace.
 * Only `npm run bench` can trace: it exposes `__offthreadBenchCpu` to the
 * page (`scripts/bench-cpu.ts`). In the view the figures are left out.
 */

/** CPU milliseconds spent while tracing. */
export interface CpuTimes {
  mainMs: number
  workerMs: number
}

type CpuHook = (action: 'start' | 'stop') => Promise<CpuTimes | null>

/** Start measuring; the returned function stops and gives the times, or `null` without a tracer. */
export async function startCpu(): Promise<() => Promise<CpuTimes | null>> {
  const hook = (globalThis as {__offthreadBenchCpu?: CpuHook}).__offthreadBenchCpu
  if (!hook) return async () => null
  await hook('start')
  return () => hook('stop')
}

/** Whether CPU times can be measured here. */
export function canMeasureCpu(): boolean {
  return typeof (globalThis as {__offthreadBenchCpu?: CpuHook}).__offthreadBenchCpu === 'function'
}
