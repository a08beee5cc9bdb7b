/** Turn what a run recorded into its figures. */
import type {Recording} from './measure.ts'
import type {ScenarioOutcome} from './scenarios.ts'
import type {RunFigures, StageFigures, TimelinePoint} from './types.ts'

/** Everything a run measured. */
export interface RunMeasurements {
  recording: Recording
  outcome: ScenarioOutcome
  points: readonly TimelinePoint[]
  stages: StageFigures | null
  renderMs: number
  durationMs: number
}

/** The figures of one run. */
export function runFigures({recording, outcome, points, stages, renderMs, durationMs}: RunMeasurements): RunFigures {
  const main = points.map((point) => point.mainMs)
  const total = main.reduce((sum, ms) => sum + ms, 0)
  return {
    firstScreenMs: outcome.firstScreenMs,
    completeMs: outcome.completeMs,
    updates: points.length,
    stages,
    renderMs,
    mainThread: {totalMs: total, meanMs: main.length > 0 ? total / main.length : 0, maxMs: Math.max(0, ...main)},
    longTasks: recording.longTasks,
    frames: recording.frames,
    input: outcome.input,
    stream: outcome.stream,
    heap: recording.heap,
    durationMs,
  }
}
