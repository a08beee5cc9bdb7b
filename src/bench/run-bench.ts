/**
 * Run a benchmark: every document × mode × scenario picked, one after the
 * other on the same stage. For each document and mode, `type` continues from
 * the render `open` left (or opens first, unmeasured); `stream` starts from
 * an empty stage.
 */
import {startBenchWorker, stopBenchWorker} from './bench-worker.ts'
import {chatPlan} from './chat/chat-plan.ts'
import {benchDocuments, documentLabel, loadDocument} from './documents.ts'
import {afterNextPaint, percentile, recordIdle, startRecording} from './measure.ts'
import {startDriver, warmUpText, type ModeDriver} from './modes/driver.ts'
import {createProbe} from './probe.ts'
import {
  editPosition,
  lineAt,
  noInput,
  noStream,
  openScenario,
  sleepUntil,
  streamScenario,
  typeScenario,
  type ScenarioContext,
  type ScenarioOutcome,
} from './scenarios.ts'
import type {Stage} from './stage.tsx'
import {modeLabel, modes, scenarios, type BenchConfig, type BenchResults, type ModeId, type RunResult, type ScenarioId} from './types.ts'
import {runFigures} from './figures.ts'

/** Where a running benchmark stands. */
export interface BenchProgress {
  /** Runs finished. */
  done: number
  total: number
  /** 0–1 over the whole benchmark. */
  fraction: number
  /** What runs now. */
  label: string
}

/** What the benchmark drives and reports to. */
export interface BenchHost {
  stage: Stage
  /** Show typed characters (the editor's echo); `undefined` clears. */
  echo: (chars: string | undefined) => void
  progress: (progress: BenchProgress) => void
  /** A run finished. */
  result: (run: RunResult) => void
  signal: AbortSignal
}

const scenarioRunners: Record<Exclude<ScenarioId, 'chat'>, (context: ScenarioContext, start: number) => Promise<ScenarioOutcome>> = {
  open: openScenario,
  type: typeScenario,
  stream: streamScenario,
}

/** Run `config` on `host`; resolves with what was measured, also when cancelled. */
export async function runBench(config: BenchConfig, host: BenchHost): Promise<BenchResults> {
  // Swapped before anything is measured; the app's worker comes back however the run ends.
  startBenchWorker()
  try {
    return await runAll(config, host)
  } finally {
    stopBenchWorker()
  }
}

/** What every run of one benchmark shares. */
interface Run {
  config: BenchConfig
  host: BenchHost
  /** The runs finished so far. */
  runs: RunResult[]
  report: (label: string, fraction: number) => void
}

type DocumentScenario = Exclude<ScenarioId, 'chat'>

async function runAll(config: BenchConfig, host: BenchHost): Promise<BenchResults> {
  const startedAt = new Date().toISOString()
  const modeIds = modes.map(({id}) => id).filter((id) => config.modes.includes(id))
  // The chat scenario runs on conversations of its own, after the documents.
  const scenarioIds = scenarios.map(({id}) => id).filter((id) => id !== 'chat' && config.scenarios.includes(id)) as DocumentScenario[]
  const documents = scenarioIds.length > 0 ? benchDocuments(config) : []
  const chats = config.scenarios.includes('chat') ? chatPlan(config) : []
  const total = documents.length * modeIds.length * scenarioIds.length + chats.length
  const runs: RunResult[] = []
  const report = (label: string, fraction: number) =>
    host.progress({done: runs.length, total, fraction: total === 0 ? 1 : (runs.length + fraction) / total, label})
  const run: Run = {config, host, runs, report}
  let cancelled = false

  report('Measuring the idle page', 0)
  const idleFrames = await recordIdle(1000)
  const idle = {...idleFrames, inputP95Ms: await idleTyping(config, host)}
  try {
    for (const documentId of documents) {
      report(`Preparing ${documentLabel(documentId)}`, 0)
      const document = await loadDocument(documentId, host.signal)
      for (const mode of modeIds) await runMode(run, document, mode, scenarioIds)
    }
    for (const chat of chats) await runChatPlan(run, chat)
  } catch (error) {
    if (!host.signal.aborted) throw error
    cancelled = true
  } finally {
    host.echo(undefined)
  }
  report(cancelled ? 'Cancelled' : 'Done', 0)
  return {
    tool: 'offthread-bench',
    version: 1,
    startedAt,
    finishedAt: new Date().toISOString(),
    environment: {userAgent: navigator.userAgent, hardwareConcurrency: navigator.hardwareConcurrency, devicePixelRatio},
    config,
    idle,
    runs,
    cancelled,
  }
}

type BenchDocument = Awaited<ReturnType<typeof loadDocument>>

/** Every scenario on `document` in `mode`: `type` continues from the render `open` left, `stream` starts afresh. */
async function runMode(run: Run, document: BenchDocument, mode: ModeId, scenarioIds: readonly DocumentScenario[]): Promise<void> {
  const {host, config} = run
  const {signal} = host
  const probe = createProbe()
  const warm = warmUpText(document.text)
  let driver: ModeDriver | undefined
  let opened = false
  try {
    for (const scenario of scenarioIds) {
      const label = `${modeLabel(mode)} · ${document.label} · ${scenario}`
      run.report(label, 0)
      if (!driver || scenario === 'stream') {
        driver?.close()
        host.stage.clear()
        await settle(signal)
        driver = await startDriver(mode, {stage: host.stage, probe, warmUpText: warm, pool: config.pool})
        opened = false
      }
      if (scenario === 'type' && !opened) {
        // Typing happens in an open document: open it first (mounted
        // whole), unmeasured.
        probe.begin(performance.now())
        await probe.painted(driver.update(document.text), signal)
        await host.stage.whenMounted(signal)
      }
      const result = await runScenario(run, {document, mode, scenario, label, driver, probe})
      run.runs.push(result)
      host.result(result)
      if (result.error !== undefined) {
        // The mode is in an unknown state: start it afresh.
        driver.close()
        driver = undefined
      }
      opened = scenario !== 'stream'
    }
  } finally {
    driver?.close()
    host.stage.clear()
  }
}

/** What one measured run works on. */
interface ScenarioRun {
  document: BenchDocument
  mode: ModeId
  scenario: DocumentScenario
  label: string
  driver: ModeDriver
  probe: ReturnType<typeof createProbe>
}

/** Measure one scenario on a driver ready for it. */
async function runScenario(run: Run, {document, mode, scenario, label, driver, probe}: ScenarioRun): Promise<RunResult> {
  const {host, config} = run
  const {signal} = host
  const {text, ...info} = document
  // Typing happens where the preview shows it, as scroll sync
  // keeps it: a block off screen in a long document is not mounted.
  if (scenario === 'type') await host.stage.showLine(lineAt(text, editPosition(text)), signal)
  await settle(signal)
  await driver.takeStages()
  driver.takeRenderMs()
  host.echo(undefined)
  const notes = runNotes(mode, config)
  const recorder = startRecording()
  probe.begin(recorder.origin)
  const context: ScenarioContext = {
    driver,
    probe,
    text,
    config,
    signal,
    echo: (chars) => host.echo(chars),
    mounted: (mountSignal) => host.stage.whenMounted(mountSignal),
    progress: throttle((fraction) => run.report(label, fraction)),
  }
  let outcome: ScenarioOutcome
  let error: string | undefined
  try {
    outcome = await scenarioRunners[scenario](context, recorder.origin)
  } catch (caught) {
    if (signal.aborted) throw caught
    error = caught instanceof Error ? caught.message : String(caught)
    outcome = {firstScreenMs: null, completeMs: null, input: noInput, stream: noStream, end: performance.now()}
  }
  // Work right after the last paint (layout of the rest, say) still counts.
  await sleepUntil(performance.now() + 250, signal)
  const recording = recorder.stop()
  const stages = await driver.takeStages()
  const figures = runFigures({recording, outcome, points: probe.points(), stages, renderMs: driver.takeRenderMs(), durationMs: outcome.end - recorder.origin})
  return {
    document: info,
    scenario,
    mode,
    figures,
    timeline: probe.points(),
    frameGaps: recording.frameGaps.map(([t, gap]) => [round(t), round(gap)]),
    notes,
    ...(error === undefined ? {} : {error}),
  }
}

/** One reply of the chat scenario, in its mode. */
async function runChatPlan(run: Run, chat: ReturnType<typeof chatPlan>[number]): Promise<void> {
  const {host} = run
  run.report(`${modeLabel(chat.mode)} · ${chat.document.label} · chat`, 0)
  host.stage.clear()
  await settle(host.signal)
  const {runChat, failedChat} = await import('./chat/chat-run.tsx')
  let result: RunResult
  try {
    result = await runChat(chat, host.stage, host.signal)
  } catch (caught) {
    if (host.signal.aborted) throw caught
    result = failedChat(chat, caught instanceof Error ? caught.message : String(caught))
  }
  run.runs.push(result)
  host.result(result)
}

/** What a run of `mode` measures differently. */
function runNotes(mode: ModeId, config: BenchConfig): string[] {
  if (mode === 'offthread' && config.pool > 0) {
    return [`Stage times cover the session worker only; blocks rendered by the ${config.pool} pool workers are not split by stage.`]
  }
  if (mode === 'react-markdown') return ['The pipeline runs inside react-markdown: no stage times, and no transfer.']
  if (mode === 'main-thread') return ['The pipeline runs on the main thread: no transfer.']
  return []
}

/** Keystrokes that only echo: the floor of keystroke-to-paint on this machine. */
async function idleTyping(config: BenchConfig, host: BenchHost): Promise<number | null> {
  const latencies: number[] = []
  const start = performance.now() + 20
  const count = Math.max(1, config.keystrokes)
  for (let index = 0; index < count; index++) {
    const planned = start + index * config.keystrokeMs
    await sleepUntil(planned, host.signal)
    host.echo('x')
    afterNextPaint((time) => latencies.push(time - planned))
  }
  await sleepUntil(performance.now() + 100, host.signal)
  host.echo(undefined)
  return percentile(latencies, 0.95)
}

/** Let the previous run's leftovers (GC, layout) pass before measuring. */
async function settle(signal: AbortSignal): Promise<void> {
  ;(globalThis as {gc?: () => void}).gc?.()
  await sleepUntil(performance.now() + 300, signal)
}

/** `report` at most every 200 ms. */
function throttle(report: (fraction: number) => void): (fraction: number) => void {
  let last = 0
  return (fraction) => {
    const now = performance.now()
    if (now - last < 200 && fraction < 1) return
    last = now
    report(fraction)
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}
