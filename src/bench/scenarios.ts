/**
 * The scenarios: open (render once), type (a burst of edits in the middle
 * at typing speed) and stream (the text arrives in chunks at a fixed rate).
 * Each input happens at a planned time, and every figure counts from it: a
 * keystroke or chunk that arrives while the main thread is busy waits, and
 * that wait is part of its latency.
 */
import {afterNextPaint, percentile} from './measure.ts'
import type {ModeDriver} from './modes/driver.ts'
import type {Probe} from './probe.ts'
import type {BenchConfig, RunFigures} from './types.ts'

/** What a scenario gets. */
export interface ScenarioContext {
  driver: ModeDriver
  probe: Probe
  text: string
  config: BenchConfig
  signal: AbortSignal
  /** Show typed characters, as an editor would echo them. */
  echo: (chars: string) => void
  /** When the stage has mounted what it shows whole (see `Stage.whenMounted`). */
  mounted: (signal: AbortSignal) => Promise<number>
  /** How far the scenario is, 0–1. */
  progress: (fraction: number) => void
}

/** The scenario-specific figures. */
export type ScenarioOutcome = Pick<RunFigures, 'firstScreenMs' | 'completeMs' | 'input' | 'stream'> & {
  /** When the measured part ended (`performance.now()`). */
  end: number
}

/** Figures of a scenario without typing. */
export const noInput: RunFigures['input'] = {keystrokes: 0, p50Ms: null, p95Ms: null, maxMs: null, caughtUpMs: null}
/** Figures of a scenario without streaming. */
export const noStream: RunFigures['stream'] = {chunks: 0, chunkChars: null, chunksPerSecond: null, p95LagMs: null, maxLagMs: null}

/**
 * Open: render the whole text once. Complete once the last update is painted
 * and the preview has mounted every block (a long document's last slices
 * mount after its last update): the mounting's main-thread work counts here.
 */
export async function openScenario({driver, probe, text, signal, mounted}: ScenarioContext, start: number): Promise<ScenarioOutcome> {
  const version = driver.update(text)
  await probe.painted(version, signal)
  const done = await mounted(signal)
  const first = probe.firstPaint()
  return {firstScreenMs: first === undefined ? null : first - start, completeMs: done - start, input: noInput, stream: noStream, end: done}
}

/** Type: `config.keystrokes` characters inserted in the middle, one every `config.keystrokeMs`. */
export async function typeScenario(context: ScenarioContext, start: number): Promise<ScenarioOutcome> {
  const {driver, probe, config, signal, echo, progress} = context
  const count = Math.max(1, config.keystrokes)
  const typed = 'offthread '
  const at = editPosition(context.text)
  let text = context.text
  let inserted = 0
  let version = 0
  const latencies: number[] = []
  const planned = (index: number) => start + index * config.keystrokeMs
  for (let index = 0; index < count; ) {
    await sleepUntil(planned(index), signal)
    // Keystrokes that came while the thread was busy are handled together.
    const due: number[] = []
    while (index < count && planned(index) <= performance.now()) due.push(planned(index++))
    if (due.length === 0) continue
    const chars = due.map((_, offset) => typed[(index - due.length + offset) % typed.length]).join('')
    text = text.slice(0, at + inserted) + chars + text.slice(at + inserted)
    inserted += chars.length
    echo(chars)
    version = driver.update(text)
    afterNextPaint((time) => latencies.push(...due.map((time0) => time - time0)))
    progress(index / count)
  }
  const caughtUp = await probe.painted(version, signal)
  // The last keystroke's paint callback may still be pending.
  while (latencies.length < count) await nextFrame(signal)
  return {
    firstScreenMs: null,
    completeMs: caughtUp - start,
    input: {
      keystrokes: count,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      maxMs: Math.max(...latencies),
      caughtUpMs: caughtUp - planned(count - 1),
    },
    stream: noStream,
    end: caughtUp,
  }
}

/** Stream: the text in `chunkChars` pieces at `chunksPerSecond`, healed while unfinished (Offthread). */
export async function streamScenario(context: ScenarioContext, start: number): Promise<ScenarioOutcome> {
  const {driver, probe, text, config, signal, progress} = context
  const chunkChars = streamChunkChars(config, text.length)
  const count = Math.ceil(text.length / chunkChars)
  const interval = 1000 / config.chunksPerSecond
  const received: Array<{at: number; version: number}> = []
  let version = 0
  for (let index = 0; index < count; ) {
    await sleepUntil(start + index * interval, signal)
    const due: number[] = []
    while (index < count && start + index * interval <= performance.now()) due.push(start + index++ * interval)
    if (due.length === 0) continue
    version = driver.update(text.slice(0, Math.min(text.length, index * chunkChars)), {heal: index < count})
    for (const at of due) received.push({at, version})
    progress(index / count)
  }
  const done = await probe.painted(version, signal)
  const lags = received.map(({at, version}) => (probe.paintOf(version) ?? done) - at)
  const first = probe.firstPaint()
  return {
    firstScreenMs: first === undefined ? null : first - start,
    completeMs: done - start,
    input: noInput,
    stream: {chunks: count, chunkChars, chunksPerSecond: config.chunksPerSecond, p95LagMs: percentile(lags, 0.95), maxLagMs: Math.max(...lags)},
    end: done,
  }
}

/** Characters per chunk: as configured, or what streams the text in 500 chunks. */
export function streamChunkChars(config: BenchConfig, length: number): number {
  return config.chunkChars > 0 ? config.chunkChars : Math.max(1, Math.ceil(length / 500))
}

/** Source line (from 1) of offset `at` in `text`. */
export function lineAt(text: string, at: number): number {
  let line = 1
  for (let index = text.indexOf('\n'); index >= 0 && index < at; index = text.indexOf('\n', index + 1)) line++
  return line
}

/** Where typing goes: the end of the first prose line past the middle. */
export function editPosition(text: string): number {
  const prose = /^[A-Z][^\n]*[.!?]$/gm
  prose.lastIndex = Math.floor(text.length / 2)
  const match = prose.exec(text)
  return match ? match.index + match[0].length - 1 : Math.floor(text.length / 2)
}

/** Wait until `time` (`performance.now()`); rejects when `signal` aborts. */
export function sleepUntil(time: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal))
    let timer = setTimeout(done, Math.max(0, time - performance.now()))
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortReason(signal))
    }
    // Timers may fire a fraction of a millisecond early by this clock.
    function done() {
      const left = time - performance.now()
      if (left > 0) return void (timer = setTimeout(done, left))
      signal.removeEventListener('abort', onAbort)
      resolve()
    }
    signal.addEventListener('abort', onAbort, {once: true})
  })
}

/** The next animation frame; rejects when `signal` aborts. */
export function nextFrame(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => (signal.aborted ? reject(abortReason(signal)) : requestAnimationFrame(() => resolve())))
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('Cancelled', 'AbortError')
}
