import {setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import type {RunningServer} from '../../server/index.ts'
import {replayAnswer} from '../../server/models/replay-answers.ts'
import {chatBody, chunkTypes, parseUIMessageStream, postChat, startChatServer} from './chat-helpers.ts'

// A slow pace, so that 50 streams still overlap while the last connections
// are being set up on a busy machine (the suite runs other files beside this
// one), and the deltas in all stay well within what one core handles: a
// stream lasts many times longer than setting all of them up takes.
const question = 'Make a checklist'
const streams = 50
let server: RunningServer
let expected: string

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** Heap in use after a full collection, in MB. */
function heapAfterGc(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed / 1e6
}

interface StreamResult {
  firstDeltaAt: number
  finishedAt: number
  raw: string
}

async function runStream(signal?: AbortSignal, abortAfterDeltas = Infinity, onAbort?: () => void, text = question): Promise<StreamResult> {
  const response = await postChat(server.url, chatBody(text), {signal})
  expect(response.status).toBe(200)
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let raw = ''
  let firstDeltaAt = 0
  let deltas = 0
  for (;;) {
    const {done, value} = await reader.read()
    if (done) break
    raw += value
    // Counted in each piece only: the client must stay cheap next to the server.
    const count = value.split('"text-delta"').length - 1
    if (count > 0 && deltas === 0) firstDeltaAt = performance.now()
    deltas += count
    if (deltas >= abortAfterDeltas) {
      onAbort?.()
      break
    }
  }
  return {firstDeltaAt, finishedAt: performance.now(), raw}
}

beforeAll(async () => {
  server = await startChatServer({replayTps: 20})
  expected = await replayAnswer(question)
})

afterAll(async () => {
  await server.close()
})

describe('the server under load', () => {
  test(`should complete ${streams} concurrent replay streams while one client aborts`, async () => {
    // Warm up, so the baseline has the modules and caches already loaded.
    await Promise.all(Array.from({length: 5}, () => runStream(undefined, Infinity, undefined, '/sample nope')))
    const baseline = heapAfterGc()
    let peakRss = process.memoryUsage().rss
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)

    for (let round = 0; round < 2; round++) {
      const aborter = new AbortController()
      const results = await Promise.all(
        Array.from({length: streams}, (_, index) =>
          index === 7 ? runStream(aborter.signal, 10, () => aborter.abort()).catch((error: Error) => error) : runStream(),
        ),
      )
      const completed = results.filter((_, index) => index !== 7) as StreamResult[]
      for (const result of completed) {
        const stream = parseUIMessageStream(result.raw)
        expect(stream.done).toBe(true)
        expect(chunkTypes(stream.chunks)).toEqual(['start', 'start-step', 'text-start', 'text-delta', 'text-end', 'finish-step', 'finish'])
        expect(stream.text).toBe(expected)
      }
      // They really ran side by side: every stream had started before the first one ended.
      const lastStart = Math.max(...completed.map((result) => result.firstDeltaAt))
      const firstEnd = Math.min(...completed.map((result) => result.finishedAt))
      expect(lastStart).toBeLessThan(firstEnd)
      // The aborted one got part of the answer and no more.
      const aborted = results[7]
      const partial = aborted instanceof Error ? '' : parseUIMessageStream(aborted!.raw).text
      expect(partial.length).toBeLessThan(expected.length)
    }

    clearInterval(sampler)
    const after = heapAfterGc()
    // Two rounds of 50 streams leave nothing behind that adds up.
    expect(after - baseline).toBeLessThan(25)
    expect(peakRss / 1e6).toBeLessThan(1500)
    console.log(`heap after GC: ${baseline.toFixed(1)} MB before, ${after.toFixed(1)} MB after; peak RSS ${(peakRss / 1e6).toFixed(0)} MB`)
  }, 120_000)

  test('should not buffer a long reply for a client that stops reading', async () => {
    const fast = await startChatServer({replayTps: 0})
    const before = heapAfterGc()
    const controller = new AbortController()
    const response = await postChat(fast.url, chatBody('/long 1m'), {signal: controller.signal})
    const reader = response.body!.getReader()
    await reader.read()
    // The client reads nothing more for a while. As fast as possible, the
    // model would have sent all of its ~170,000 deltas (about 10 MB of SSE) by
    // now if nothing pushed back.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const during = heapAfterGc()
    controller.abort()
    await reader.closed.catch(() => {})
    await fast.close()
    // The 1 MB answer itself is held once; the SSE it turns into is not all queued up.
    expect(during - before).toBeLessThan(15)
    console.log(`heap with a stalled /long 1m reader: +${(during - before).toFixed(1)} MB`)
  })
})
