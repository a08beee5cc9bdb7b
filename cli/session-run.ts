/**
 * The CLI's `--stream`, `--edits` and `--stats`: feed a text through one
 * render session the way the app does, and measure it.
 */
import type {Root} from 'hast'
import {markdownToHast} from '../workers/pipeline.ts'
import {clearCaches} from '../workers/plugins/lru.ts'
import {createSessionMirror} from '../shared/protocol.ts'
import {createSender} from '../shared/text-change.ts'
import {closeSession, renderSession} from '../workers/session/session.ts'
// The seeded PRNG of the sample generator: the same seed gives the same edits everywhere.
import {random} from '../shared/gen-samples.ts'

/** How to feed the text. */
export interface SessionRunOptions {
  /** Append the text this many characters at a time. */
  stream: number | undefined
  /** Then make this many random single-character edits. */
  edits: number
  /** Seed of the edits' positions and characters. */
  seed: number
  /** Also time one full render of the final text, for comparison. */
  compare: boolean
}

/** Figures of one run, printed by `--stats`. */
export interface SessionStats {
  chunks: number
  edits: number
  totalMs: number
  p50Ms: number
  p95Ms: number
  maxMs: number
  blocksRendered: number
  blocks: number
  fullRenderMs: number | undefined
}

/** Render `text` through a session; returns the final document and the figures. */
export async function runSession(text: string, options: SessionRunOptions): Promise<{hast: Root; text: string; stats: SessionStats}> {
  const id = `cli-${process.pid}`
  const mirror = createSessionMirror()
  const times: number[] = []
  let rendered = 0
  let blocks = 0
  const send = createSender()
  const update = async (markdown: string) => {
    const {text, version} = send(markdown)
    const started = performance.now()
    const result = await renderSession(id, text, version)
    times.push(performance.now() - started)
    rendered += result.rendered
    blocks = result.total
    mirror.apply(result)
  }

  if (options.compare) {
    // An untimed render first: the stream and the full render it is compared
    // with then both start with the grammars compiled and the code warm, so
    // neither pays for what only a first render does.
    await markdownToHast(text)
    clearCaches()
  }
  const step = options.stream
  if (step !== undefined) for (let end = step; end < text.length; end += step) await update(text.slice(0, end))
  await update(text)

  const next = random(options.seed)
  let current = text
  for (let edit = 0; edit < options.edits; edit++) {
    current = randomEdit(current, next)
    await update(current)
  }
  closeSession(id)

  let fullRenderMs: number | undefined
  if (options.compare) {
    // Caches cold, or the full render would reuse the session's math and code.
    clearCaches()
    const started = performance.now()
    await markdownToHast(current)
    fullRenderMs = performance.now() - started
  }
  const stats: SessionStats = {
    chunks: times.length - options.edits,
    edits: options.edits,
    ...timeStats(times),
    blocksRendered: rendered,
    blocks,
    fullRenderMs: fullRenderMs === undefined ? undefined : round(fullRenderMs),
  }
  return {hast: mirror.hast(), text: current, stats}
}

/** The total, median, p95 and longest of the renders' `times`. */
function timeStats(times: readonly number[]): Pick<SessionStats, 'totalMs' | 'p50Ms' | 'p95Ms' | 'maxMs'> {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  return {
    totalMs: round(times.reduce((sum, time) => sum + time, 0)),
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(sorted[sorted.length - 1]!),
  }
}

/** Half insertions of a letter or a line ending, half deletions, at a random place. */
function randomEdit(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1))
  if (next() < 0.5 || text.length === 0) return text.slice(0, at) + (next() < 0.1 ? '\n' : String.fromCharCode(97 + Math.floor(next() * 26))) + text.slice(at)
  return text.slice(0, at) + text.slice(at + 1)
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100
}
