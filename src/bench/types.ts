/**
 * What the benchmark runs and what it records. The JSON download and
 * `bench/results/*.json` are a `BenchResults`.
 */
import type {StageTimes} from '../../workers/pipeline.ts'

/** The renderers compared, each run in turn on the same input. */
export type ModeId = 'offthread' | 'worker-full' | 'main-thread' | 'react-markdown' | 'streamdown'

/** What happens to the document during a run. */
export type ScenarioId = 'open' | 'type' | 'stream' | 'chat'

/** The shape of generated text: every feature mixed, a model's reply, or a reply with footnotes. */
export type ProfileId = 'mixed' | 'reply' | 'reply-fn'

/** What to run: every document × scenario × mode picked. */
export interface BenchConfig {
  /** Document ids: `gen:<bytes>`, `current`, or `sample:<file>`. */
  documents: string[]
  /** The profiles each generated size (`gen:<bytes>`) is made in. */
  profiles: ProfileId[]
  scenarios: ScenarioId[]
  modes: ModeId[]
  /** Keystrokes in the typing burst. */
  keystrokes: number
  /** Milliseconds between keystrokes. */
  keystrokeMs: number
  /** Characters per streamed chunk; 0 picks the size that streams the document in 500 chunks. */
  chunkChars: number
  chunksPerSecond: number
  /** Block workers of the Offthread mode's pool (0: render in the session worker). */
  pool: number
  /** Chat scenario: the model's rates, in characters per second. */
  chatRates: number[]
  /** Chat scenario: replies in the conversation. */
  chatReplies: number
  /** Chat scenario: seconds each reply streams at most (it is cut there); 0 for whole replies. */
  chatSeconds: number
}

/** A document as the results describe it (the text itself is left out). */
export interface DocumentInfo {
  id: string
  label: string
  bytes: number
}

/** Frame figures from `requestAnimationFrame`. */
export interface FrameFigures {
  frames: number
  /** Frames that should have been drawn but were not (a gap of k intervals drops k − 1). */
  dropped: number
  longestGapMs: number
}

/** Long tasks (over 50 ms) on the main thread, from a `longtask` PerformanceObserver. */
export interface LongTaskFigures {
  count: number
  totalMs: number
  longestMs: number
}

/** Where the pipeline spent its time, and what moving results between threads cost. */
export interface StageFigures extends StageTimes {
  /** Round trips to the worker minus the worker's own time: cloning, posting, queueing. */
  transfer: number | null
}

/** Every figure of one run; `null` where it does not apply (or the browser cannot tell). */
export interface RunFigures {
  /** From the start until the first rendered content was painted. */
  firstScreenMs: number | null
  /** From the start until the whole (latest) text was painted. */
  completeMs: number | null
  /** Updates that reached the screen (partial ones included). */
  updates: number
  /** Pipeline stages, in the worker or (main-thread mode) on the main thread; `null` for react-markdown. */
  stages: StageFigures | null
  /** Time the renderer reported for its renders (worker wall clock for worker modes). */
  renderMs: number
  /** Main-thread time per update: applying it and React's render and commit (the pipeline too in main-thread modes). */
  mainThread: {totalMs: number; meanMs: number; maxMs: number}
  longTasks: LongTaskFigures
  frames: FrameFigures
  /** Typing: from each keystroke to the next paint, and from the last one to the preview caught up. */
  input: {keystrokes: number; p50Ms: number | null; p95Ms: number | null; maxMs: number | null; caughtUpMs: number | null}
  /** Streaming: how far behind the received text the painted preview was. */
  stream: {chunks: number; chunkChars: number | null; chunksPerSecond: number | null; p95LagMs: number | null; maxLagMs: number | null}
  /** The chat scenario's own figures; absent in the other scenarios. */
  chat?: ChatFigures
  /** Main-thread JS heap (Chromium's `performance.memory`). */
  heap: {beforeBytes: number | null; peakBytes: number | null; afterBytes: number | null}
  durationMs: number
}

/** What a conversation streamed into the Chat view cost. */
export interface ChatFigures {
  replies: number
  /** Characters per second the model sent. */
  cps: number
  /** Characters received in all. */
  chars: number
  chunks: number
  /** Seconds from each reply's first chunk to its last, added up. */
  streamSeconds: number
  /** Main-thread ms of the reply's render and commit per chunk received. */
  mainMsPerChunk: number
  /** CPU time per second of the run (the replies streaming back to back), from Chromium's trace (`npm run bench` only). */
  mainCpuMsPerSecond: number | null
  workerCpuMsPerSecond: number | null
}

/** One update that reached the screen. */
export interface TimelinePoint {
  /** Milliseconds from the run's start. */
  t: number
  version: number
  partial: boolean
  mainMs: number
  workerMs: number | null
  /** When it was painted, from the run's start. */
  paintedAt: number | null
}

/** One document × scenario × mode. */
export interface RunResult {
  document: DocumentInfo
  scenario: ScenarioId
  mode: ModeId
  figures: RunFigures
  timeline: TimelinePoint[]
  /** `[t, gap]`: each frame's distance from the one before, in ms. */
  frameGaps: Array<[number, number]>
  /** What the run could not do, or did differently. */
  notes: string[]
  /** Why the run failed, if it did (its figures are then partial). */
  error?: string
}

/** A whole benchmark: the download. */
export interface BenchResults {
  tool: 'offthread-bench'
  version: 1
  startedAt: string
  finishedAt: string
  environment: {userAgent: string; hardwareConcurrency: number; devicePixelRatio: number}
  config: BenchConfig
  /** A second with nothing running: the frames the machine drops on its own, and keystroke-to-paint of a bare echo. */
  idle: FrameFigures & {inputP95Ms: number | null}
  runs: RunResult[]
  cancelled: boolean
}

/** The modes, in the order they run, with their labels. */
export const modes: ReadonlyArray<{id: ModeId; label: string; detail: string}> = [
  {id: 'offthread', label: 'Offthread', detail: 'render sessions in the worker: incremental, progressive, block pool'},
  {id: 'worker-full', label: 'Worker, full render', detail: 'the same pipeline in the worker, whole document on every update'},
  {id: 'main-thread', label: 'Main thread', detail: 'the same pipeline on the main thread, as a typical page does'},
  {id: 'react-markdown', label: 'react-markdown', detail: 'react-markdown 10 with the same plugins'},
  {id: 'streamdown', label: 'Streamdown', detail: 'Streamdown 2 with its code (Shiki) and math (KaTeX) plugins, on the main thread'},
]

/** Modes that can render a chat's replies (the chat scenario). */
export const chatModes: readonly ModeId[] = ['offthread', 'main-thread', 'react-markdown', 'streamdown']

/** The scenarios, in the order they run. */
export const scenarios: ReadonlyArray<{id: ScenarioId; label: string; detail: string}> = [
  {id: 'open', label: 'Open', detail: 'render the whole document once'},
  {id: 'type', label: 'Type', detail: 'a burst of single-character edits in the middle'},
  {id: 'stream', label: 'Stream', detail: 'the document arrives in chunks, as a chat reply does'},
  {id: 'chat', label: 'Chat', detail: 'the Chat view receives a conversation of generated replies from the replay model'},
]

/** The profiles of generated documents, in order. */
export const profiles: ReadonlyArray<{id: ProfileId; label: string; detail: string}> = [
  {id: 'mixed', label: 'Mixed', detail: 'every kind of block, short paragraphs'},
  {id: 'reply', label: 'Reply', detail: "shaped like a model's reply: long paragraphs, code of 1 to 3 KB in many languages"},
  {id: 'reply-fn', label: 'Reply with footnotes', detail: 'the same, citing footnotes'},
]

/** Label of mode `id`. */
export function modeLabel(id: ModeId): string {
  return modes.find((mode) => mode.id === id)?.label ?? id
}
