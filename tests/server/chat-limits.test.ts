import {describe, expect, test} from 'vitest'
import {BUSY_RETRY_SECONDS, createClientLimiter} from '../../server/chat-limits.ts'
import {replayAnswer} from '../../server/models/replay-answers.ts'
import {chatBody, chunkTypes, completionChunk, parseUIMessageStream, postChat, startChatServer, startEventStream, startFakeUpstream} from './chat-helpers.ts'

describe('requests per minute', () => {
  test('should answer 429 with Retry-After once a client passes its requests a minute', async () => {
    const server = await startChatServer({limits: {requestsPerMinute: 3}})
    try {
      for (let index = 0; index < 3; index++) {
        const response = await postChat(server.url, chatBody('/help'))
        expect(response.status).toBe(200)
        await response.text()
      }
      const refused = await postChat(server.url, chatBody('/help'))
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(((await refused.json()) as {error: string}).error).toBe('Too many chat requests from this address: at most 3 a minute.')
    } finally {
      await server.close()
    }
  })

  test('should count wrong tokens too, so guessing the token is as slow as chatting', async () => {
    const server = await startChatServer({token: 'secret', limits: {requestsPerMinute: 2}})
    try {
      const statuses: number[] = []
      for (const guess of ['a', 'b', 'secret']) {
        const response = await postChat(server.url, chatBody('/help'), {headers: {'content-type': 'application/json', authorization: `Bearer ${guess}`}})
        statuses.push(response.status)
        await response.arrayBuffer()
      }
      expect(statuses).toEqual([401, 401, 429])
    } finally {
      await server.close()
    }
  })

  test('should let a client in again once its oldest request is a minute old', () => {
    const limiter = createClientLimiter({requestsPerMinute: 2, concurrentStreams: 1})
    expect(limiter.admitRequest('a', 0)).toBeUndefined()
    expect(limiter.admitRequest('a', 20_000)).toBeUndefined()
    expect(limiter.admitRequest('a', 30_000)?.retryAfterSeconds).toBe(30)
    // Another client is counted apart.
    expect(limiter.admitRequest('b', 30_000)).toBeUndefined()
    expect(limiter.admitRequest('a', 60_001)).toBeUndefined()
  })
})

describe('concurrent streams', () => {
  test('should answer 429 while a client has its streams open, and take it again once one ends', async () => {
    const server = await startChatServer({replayTps: 200, limits: {concurrentStreams: 2}})
    try {
      const question = 'Make a checklist'
      const open = [await postChat(server.url, chatBody(question)), await postChat(server.url, chatBody(question))]
      for (const response of open) expect(response.status).toBe(200)
      const refused = await postChat(server.url, chatBody(question))
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe(String(BUSY_RETRY_SECONDS))
      expect(((await refused.json()) as {error: string}).error).toBe('This address already has 2 replies streaming: wait for one to finish.')
      // A reply that ends, or a client that leaves, frees its slot.
      await open[0]!.text()
      await open[1]!.body!.cancel()
      await expect
        .poll(async () => {
          const response = await postChat(server.url, chatBody('/help'))
          await response.arrayBuffer()
          return response.status
        })
        .toBe(200)
    } finally {
      await server.close()
    }
  })
})

describe('reply length cap', () => {
  test('should end a longer reply cleanly at the cap, with finish reason length', async () => {
    const question = 'Show me a table comparing sorting algorithms'
    const full = await replayAnswer(question)
    const server = await startChatServer({limits: {maxReplyChars: 500}})
    try {
      const response = await postChat(server.url, chatBody(question))
      const stream = parseUIMessageStream(await response.text())
      expect(full.length).toBeGreaterThan(500)
      expect(stream.text).toBe(full.slice(0, 500))
      expect(stream.done).toBe(true)
      expect(chunkTypes(stream.chunks).slice(-4)).toEqual(['text-delta', 'text-end', 'finish-step', 'finish'])
      expect(stream.chunks.at(-1)).toEqual({type: 'finish', finishReason: 'length', messageMetadata: {replyCapChars: 500}})
    } finally {
      await server.close()
    }
  })

  test('should leave a reply within the cap as it is', async () => {
    const server = await startChatServer({limits: {maxReplyChars: 100_000}})
    try {
      const stream = parseUIMessageStream(await (await postChat(server.url, chatBody('/help'))).text())
      expect(stream.text).toBe(await replayAnswer('/help'))
      expect(stream.chunks.at(-1)).toEqual({type: 'finish', finishReason: 'stop'})
    } finally {
      await server.close()
    }
  })

  test('should stop the upstream request at the cap', async () => {
    const upstream = await startFakeUpstream((response) => {
      startEventStream(response)
      // An upstream that would go on for ever.
      const timer = setInterval(() => response.write(completionChunk('word ')), 5)
      response.once('close', () => clearInterval(timer))
    })
    const server = await startChatServer({upstream: {baseURL: upstream.baseURL, model: 'fake-model', idleTimeoutMs: 5_000}, limits: {maxReplyChars: 200}})
    try {
      const stream = parseUIMessageStream(await (await postChat(server.url, chatBody('Go on'))).text())
      expect(stream.text).toBe('word '.repeat(40))
      expect(stream.chunks.at(-1)).toMatchObject({type: 'finish', finishReason: 'length'})
      await upstream.requests[0]!.closed
      expect(upstream.requests[0]!.ended()).toBe(false)
    } finally {
      await server.close()
      await upstream.close()
    }
  })
})
