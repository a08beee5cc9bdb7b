/** The figures of a chat run, from what it recorded. */
import {percentile} from '../measure.ts'
import type {Recording} from '../measure.ts'
import type {RunFigures, TimelinePoint} from '../types.ts'
import type {ChatRunPlan} from './chat-plan.ts'
import type {CpuTimes} from './cpu.ts'

/** What a chat run measured. */
export interface ChatMeasurements {
  plan: ChatRunPlan
  recording: Recording
  points: readonly TimelinePoint[]
  /** From each chunk's arrival to the paint that showed it. */
  lags: readonly number[]
  chunks: number
  /** Characters received. */
  chars: number
  /** Milliseconds from each reply's first chunk to its last, added up. */
  streamMs: number
  cpu: CpuTimes | null
  durationMs: number
  input: RunFigures['input']
}

/** The figures of one chat run. */
export function chatFigures({plan, recording, points, lags, chunks, chars, streamMs, cpu, durationMs, input}: ChatMeasurements): RunFigures {
  const main = points.map((point) => point.mainMs)
  const total = main.reduce((sum, ms) => sum + ms, 0)
  // CPU over the whole run (the replies back to back, and the last paint), per second of it.
  const perSecond = (ms: number | undefined) => (ms === undefined || durationMs <= 0 ? null : (ms * 1000) / durationMs)
  return {
    firstScreenMs: null,
    completeMs: durationMs,
    updates: points.length,
    stages: null,
    renderMs: total,
    mainThread: {totalMs: total, meanMs: main.length > 0 ? total / main.length : 0, maxMs: Math.max(0, ...main)},
    longTasks: recording.longTasks,
    frames: recording.frames,
    input,
    stream: {chunks, chunkChars: null, chunksPerSecond: null, p95LagMs: percentile(lags, 0.95), maxLagMs: lags.length > 0 ? Math.max(...lags) : null},
    chat: {
      replies: plan.replies.length,
      cps: plan.cps,
      chars,
      chunks,
      streamSeconds: streamMs / 1000,
      mainMsPerChunk: chunks > 0 ? total / chunks : 0,
      mainCpuMsPerSecond: perSecond(cpu?.mainMs),
      workerCpuMsPerSecond: perSecond(cpu?.workerMs),
    },
    heap: recording.heap,
    durationMs,
  }
}
