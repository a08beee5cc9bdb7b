/**
 * `npm run bench:node`: the render session against full re-renders, on
 * generated documents of 10 KB, 100 KB and 1 MB, and on text shaped like a
 * model's reply (`shared/gen-reply.ts`), without and with footnotes, at
 * 10 KB and 100 KB. Prints one table of the figures from one run, side by
 * side, after Vitest's own.
 *
 * The replies are also streamed as the chat streams them: healed, through a
 * session for the preview, against a full render for the preview.
 *
 * Set BENCH_SIZES (for example `10000,100000`) to pick the mixed documents'
 * sizes, BENCH_REPLY_SIZES the replies' (empty for none), BENCH_CHUNKS the
 * append sizes the stream is timed in.
 */
import {afterAll, bench, describe} from 'vitest'
import {generateReply} from '../shared/gen-reply.ts'
import {generateMarkdown} from '../shared/gen-samples.ts'
import type {SessionOptions} from '../shared/protocol.ts'
import {createSender} from '../shared/text-change.ts'
import {hastToDisplay} from '../workers/display/block-to-display.ts'
import {markdownToHast} from '../workers/pipeline.ts'
import {clearCaches} from '../workers/plugins/lru.ts'
import {closeSession, renderSession} from '../workers/session/session.ts'

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').filter(Boolean).map(Number)
const replySizes = (process.env.BENCH_REPLY_SIZES ?? '10000,100000').split(',').filter(Boolean).map(Number)
const sizeLabel = (size: number) => (size >= 1e6 ? `${size / 1e6} MB` : `${size / 1e3} KB`)

/** A document to measure, and another of the same kind to warm up on. */
interface BenchDocument {
  label: string
  text: string
  other: string
}

const documents: BenchDocument[] = [
  ...sizes.map((size) => ({label: sizeLabel(size), text: generateMarkdown(size, 1), other: generateMarkdown(size, 2)})),
  ...replySizes.flatMap((size) =>
    [false, true].map((footnotes) => ({
      label: `reply${footnotes ? '+fn' : ''} ${sizeLabel(size)}`,
      text: generateReply(size, 1, {footnotes}),
      other: generateReply(size, 2, {footnotes}),
    })),
  ),
]
/** Append sizes: a model's tokens come a few characters at a time, a fast stream's chunks in tens. */
const chunks = (process.env.BENCH_CHUNKS ?? '40,4').split(',').filter(Boolean).map(Number)
/** The append size of the warm-up, and of the naive stream's estimate. */
const chunk = 40
const once = {iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0}
/** A longer document's first stream is long enough to warm the compiler on its own, and three more of it would make the run long. */
const againBelow = 500_000
const rows: Record<string, Record<string, number | string>> = {}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  return {total: sum(times), p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]!}
}

function sum(values: number[]) {
  return values.reduce((total, value) => total + value, 0)
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

const round = (value: number) => Math.round(value * 10) / 10

/** Stream `text` through a new session in `size`-character appends, each sent as the app sends it: each append's ms, and the blocks rendered. */
async function stream(id: string, text: string, size: number, options: SessionOptions = {}, target: 'html' | 'display' = 'html') {
  // Caches cold: no stream reuses what an earlier measurement typeset, highlighted or searched.
  clearCaches()
  const times: number[] = []
  let rendered = 0
  const send = createSender()
  for (let end = size; end < text.length + size; end += size) {
    const {text: sent, version} = send(text.slice(0, end))
    // A copy of its own, as the worker receives it from `postMessage`.
    const received = structuredClone(sent)
    const started = performance.now()
    const update = await renderSession(id, received, version, options, undefined, target)
    times.push(performance.now() - started)
    rendered += update.rendered
  }
  closeSession(id)
  return {times, rendered}
}

/** The fastest of three full renders of `text` by `render`, caches cleared before each; all three for the table. */
async function fastest(render: () => Promise<unknown>): Promise<{best: number; runs: string}> {
  const runs: number[] = []
  for (let run = 0; run < 3; run++) {
    clearCaches()
    runs.push(round(await time(render)))
  }
  clearCaches()
  return {best: Math.min(...runs), runs: runs.join(' / ')}
}

for (const {label, text, other} of documents) {
  const row: Record<string, number | string> = (rows[label] = {})

  describe(label, () => {
    bench(
      'full render (naive: what every update costs without sessions)',
      async () => {
        // Compiled code and grammars warm, from another document of the same
        // kind (a first full render takes far longer), for both ways: a full
        // render, and a stream of its first 50 KB through a session. Caches
        // cold, for this render and for the stream after it: neither reuses
        // the other's math or code.
        await markdownToHast(other)
        const warm = other.slice(0, 50_000)
        for (let end = chunk; end < warm.length + chunk; end += chunk) await renderSession(`warm-${label}`, warm.slice(0, end), end)
        closeSession(`warm-${label}`)
        // A reply is streamed the chat's way too, as the chat's stream is timed: healed, for the preview.
        if (label.startsWith('reply')) await stream(`warm-chat-${label}`, warm, Math.min(...chunks), {heal: true}, 'display')
        // The fastest of three: the stream is compared with a full render at
        // its best, so noise can only make the ratio look worse.
        const full = await fastest(() => markdownToHast(text))
        row['full render ms'] = full.best
        row['full render runs ms'] = full.runs
      },
      once,
    )

    for (const size of chunks) {
      bench(
        `stream in ${size}-character appends through a session`,
        async () => {
          const {times, rendered} = await stream(`stream-${size}-${label}`, text, size)
          const {total, p50, p95, max} = summary(times)
          // Per-append p95 over the first and the last tenth: it must not grow with length.
          const tenth = Math.max(1, Math.floor(times.length / 10))
          const name = (figure: string) => `${size}-char ${figure}`
          Object.assign(row, {
            [name('appends')]: times.length,
            [name('stream ms')]: round(total),
            [name('stream / full')]: round(total / Number(row['full render ms'])),
            [name('append p50 ms')]: round(p50),
            [name('append p95 ms')]: round(p95),
            [name('append max ms')]: round(max),
            [name('append p95 first 10% ms')]: round(summary(times.slice(0, tenth)).p95),
            [name('append p95 last 10% ms')]: round(summary(times.slice(-tenth)).p95),
            [name('blocks rendered')]: rendered,
          })
        },
        once,
      )
    }

    const size = Math.min(...chunks)
    if (text.length < againBelow) {
      bench(
        `the same ${size}-character stream three more times, the fastest: the compiler warm for it`,
        async () => {
          // V8 optimizes the stream's code only after a few streams of a
          // document, as a worker that has streamed a conversation has; the
          // full render it is compared with is the fastest of three too. Each
          // stream starts with cold caches: only the compiled code carries over.
          const runs: number[] = []
          for (let run = 0; run < 3; run++) runs.push(sum((await stream(`again-${run}-${label}`, text, size)).times))
          const best = Math.min(...runs)
          Object.assign(row, {
            [`${size}-char stream again ms`]: round(best),
            [`${size}-char stream again / full`]: round(best / Number(row['full render ms'])),
          })
        },
        once,
      )
    }

    if (label.startsWith('reply')) {
      bench(
        `stream in ${size}-character appends as the chat does: healed, for the preview`,
        async () => {
          const full = await fastest(async () => hastToDisplay((await markdownToHast(text)).hast))
          const {times} = await stream(`chat-${label}`, text, size, {heal: true}, 'display')
          const {total, p95} = summary(times)
          Object.assign(row, {
            'full render for the preview ms': full.best,
            [`chat ${size}-char stream ms`]: round(total),
            [`chat ${size}-char stream / full`]: round(total / full.best),
            [`chat ${size}-char append p95 ms`]: round(p95),
          })
        },
        once,
      )
    }

    bench(
      'naive stream: full re-render of sampled prefixes (estimate)',
      async () => {
        // Every append re-rendering everything costs the sum over all prefixes;
        // sample 8 prefixes and integrate rather than spend hours.
        const appends = Math.ceil(text.length / chunk)
        let estimate = 0
        for (let sample = 1; sample <= 8; sample++) {
          const ms = await time(() => markdownToHast(text.slice(0, Math.floor((text.length * sample) / 8))))
          estimate += (ms * appends) / 8
        }
        row['naive stream ms (est.)'] = Math.round(estimate)
      },
      once,
    )

    bench(
      'one-character edits in the middle, through a session',
      async () => {
        const id = `edit-${label}`
        clearCaches()
        const send = createSender()
        const first = send(text)
        await renderSession(id, first.text, first.version)
        const middle = Math.floor(text.length / 2)
        const times: number[] = []
        const messages: number[] = []
        let rendered = 0
        for (let edit = 1; edit <= 30; edit++) {
          // Each edit goes as the app sends it: the main thread finds the
          // change to the text before, which postMessage clones; timed on its own.
          const edited = text.slice(0, middle) + 'x'.repeat(edit) + text.slice(middle)
          const sent = performance.now()
          const {text: change, version} = send(edited)
          const received = structuredClone(change)
          messages.push(performance.now() - sent)
          const started = performance.now()
          const update = await renderSession(id, received, version)
          times.push(performance.now() - started)
          rendered += update.rendered
        }
        closeSession(id)
        const {p50, p95, max} = summary(times)
        Object.assign(row, {
          'edit p50 ms': round(p50),
          'edit p95 ms': round(p95),
          'edit max ms': round(max),
          'edit message p95 ms': round(summary(messages).p95),
          'edit blocks rendered': rendered / times.length,
        })
      },
      once,
    )
  })
}

afterAll(() => {
  // One row per figure, one column per size: narrower than the other way round.
  const figures: Record<string, Record<string, number | string>> = {}
  for (const [label, row] of Object.entries(rows)) {
    for (const [figure, value] of Object.entries(row)) (figures[figure] ??= {})[label] = value
  }
  console.log('\nRender session vs full re-render, one run (Node, this machine):')
  console.table(figures)
})
