/**
 * The chat scenario's parts that need no browser: its plan, the replay
 * model's benchmark replies over real HTTP, how lags are taken, and how CPU
 * time is read from Chromium's trace.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {cpuFromTrace, type TraceEvent} from '../../scripts/bench-cpu.ts'
import {benchChunks, benchReplyText, parseBenchReply} from '../../server/models/replay-bench.ts'
import type {RunningServer} from '../../server/index.ts'
import {generateReply} from '../../shared/gen-reply.ts'
import {arrivalLags, arrivalTimes} from '../../src/bench/chat/arrivals.ts'
import {chatPlan} from '../../src/bench/chat/chat-plan.ts'
import {chatBody, parseUIMessageStream, postChat, startChatServer} from '../server/chat-helpers.ts'

const config = {modes: ['offthread', 'worker-full', 'streamdown'] as const, chatRates: [40, 600], chatReplies: 3, chatSeconds: 20}

describe('the chat plan', () => {
  const plan = chatPlan({...config, modes: [...config.modes]})

  it('should run each rate without and with footnotes, in every picked mode that can render a chat', () => {
    expect(plan.map(({cps, footnotes, mode}) => `${cps} ${footnotes ? 'fn' : '-'} ${mode}`)).toEqual([
      '40 - offthread',
      '40 - streamdown',
      '40 fn offthread',
      '40 fn streamdown',
      '600 - offthread',
      '600 - streamdown',
      '600 fn offthread',
      '600 fn streamdown',
    ])
  })

  it('should plan replies of 5 to 30 KB, shortened to what streams in the seconds asked for', () => {
    const slow = plan[0]!.replies
    const fast = plan[4]!.replies
    expect(slow).toHaveLength(3)
    for (const reply of fast) {
      expect(reply.planned).toBeGreaterThanOrEqual(5_000)
      expect(reply.planned).toBeLessThanOrEqual(30_000)
      expect(reply.bytes).toBe(Math.min(reply.planned, 600 * 20))
    }
    for (const reply of slow) expect(reply.bytes).toBe(40 * 20)
    const whole = chatPlan({...config, modes: ['offthread'], chatSeconds: 0})
    expect(whole[0]!.replies.every((reply) => reply.bytes === reply.planned)).toBe(true)
  })

  it('should ask the replay model for each reply in a command it reads back the same', () => {
    const reply = plan[6]!.replies[1]!
    expect(parseBenchReply(reply.command)).toEqual({bytes: reply.bytes, seed: reply.seed, cps: 600, footnotes: true})
    expect(parseBenchReply('Tell me about /bench-reply')).toBeUndefined()
    expect(() => parseBenchReply('/bench-reply bytes=-1')).toThrow(/Expected/)
    expect(() => parseBenchReply('/bench-reply speed=3')).toThrow(/Expected/)
  })
})

describe('the replay model’s benchmark replies', () => {
  let server: RunningServer

  beforeAll(async () => {
    server = await startChatServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('should cut the reply into chunks of 3 to 20 characters, the same for the same seed', () => {
    const text = generateReply(5_000, 1, {footnotes: false})
    const chunks = [...benchChunks(text, 4)]
    expect(chunks.join('')).toBe(text)
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(3)
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(20)
    expect([...benchChunks(text, 4)]).toEqual(chunks)
  })

  it('should stream the generated reply over HTTP at the rate asked for', async () => {
    const command = '/bench-reply bytes=600 seed=7 cps=2000 footnotes=1'
    const started = performance.now()
    const response = await postChat(server.url, chatBody(command))
    const stream = parseUIMessageStream(await response.text())
    const elapsed = performance.now() - started
    expect(response.status).toBe(200)
    expect(stream.text).toBe(benchReplyText(parseBenchReply(command)!))
    expect(stream.text).toMatch(/\[\^1\]: /)
    const deltas = stream.chunks.filter((chunk) => chunk.type === 'text-delta')
    expect(deltas.length).toBeGreaterThan(600 / 20)
    // 600-odd characters at 2,000 a second: about 0.3 s, never much less.
    expect(elapsed).toBeGreaterThan(250)
  })
})

describe('lags and CPU time', () => {
  it('should take each chunk’s arrival as the earlier of when it was read and when the rate sent it', () => {
    const arrivals = [
      {at: 1000, chars: 10},
      {at: 1300, chars: 20},
      {at: 1050, chars: 30},
    ]
    // 100 characters a second: the second chunk was due at 1,100; the third was read before it was due.
    expect(arrivalTimes(arrivals, 100)).toEqual([
      {at: 1000, chars: 10},
      {at: 1100, chars: 20},
      {at: 1050, chars: 30},
    ])
  })

  it('should measure a lag to the first paint showing a chunk’s characters', () => {
    const paints = [
      {at: 1040, chars: 10},
      {at: 1200, chars: 25},
      {at: 1400, chars: 30},
    ]
    expect(
      arrivalLags(
        [
          {at: 1000, chars: 10},
          {at: 1100, chars: 20},
          {at: 1150, chars: 30},
        ],
        paints,
        2000,
      ),
    ).toEqual([40, 100, 250])
    expect(arrivalLags([{at: 1000, chars: 99}], paints, 2000)).toEqual([1000])
  })

  it('should add up the CPU time of the busiest renderer’s main thread and of its workers, once for nested tasks', () => {
    const events: TraceEvent[] = [
      {name: 'thread_name', ph: 'M', pid: 1, tid: 10, ts: 0, args: {name: 'CrRendererMain'}},
      {name: 'thread_name', ph: 'M', pid: 1, tid: 11, ts: 0, args: {name: 'DedicatedWorker thread'}},
      {name: 'thread_name', ph: 'M', pid: 2, tid: 20, ts: 0, args: {name: 'CrRendererMain'}},
      {name: 'RunTask', ph: 'X', pid: 1, tid: 10, ts: 0, dur: 10_000, tdur: 8_000},
      {name: 'RunTask', ph: 'X', pid: 1, tid: 10, ts: 2_000, dur: 1_000, tdur: 1_000},
      {name: 'RunTask', ph: 'X', pid: 1, tid: 10, ts: 20_000, dur: 5_000, tdur: 4_000},
      {name: 'RunTask', ph: 'X', pid: 1, tid: 11, ts: 0, dur: 30_000, tdur: 25_000},
      {name: 'RunTask', ph: 'X', pid: 2, tid: 20, ts: 0, dur: 1_000, tdur: 1_000},
    ]
    expect(cpuFromTrace(events)).toEqual({mainMs: 12, workerMs: 25})
  })
})
