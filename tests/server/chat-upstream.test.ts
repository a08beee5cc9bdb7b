import {setTimeout as delay} from 'node:timers/promises'
import {afterEach, describe, expect, test} from 'vitest'
import type {RunningServer} from '../../server/index.ts'
import {
  chatBody,
  chunkTypes,
  closedPort,
  completionChunk,
  parseUIMessageStream,
  postChat,
  startChatServer,
  startEventStream,
  startFakeUpstream,
  type FakeUpstream,
  type UpstreamBehavior,
} from './chat-helpers.ts'

const apiKey = 'sk-test-secret-4242'
let cleanup: Array<() => Promise<void>> = []

afterEach(async () => {
  await Promise.all(cleanup.map((close) => close()))
  cleanup = []
})

interface Setup {
  upstream: FakeUpstream
  server: RunningServer
  logs: string[]
}

/** A fake upstream answering with `behavior`, and the server pointed at it. */
async function setup(behavior: UpstreamBehavior, idleTimeoutMs = 5000): Promise<Setup> {
  const upstream = await startFakeUpstream(behavior)
  const logs: string[] = []
  const server = await startChatServer({
    upstream: {baseURL: upstream.baseURL, apiKey, model: 'fake-model', idleTimeoutMs},
    log: (message) => logs.push(message),
  })
  cleanup.push(server.close, upstream.close)
  return {upstream, server, logs}
}

async function chat(server: RunningServer, ...texts: string[]) {
  const response = await postChat(server.url, chatBody(...texts))
  expect(response.status).toBe(200)
  expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1')
  const raw = await response.text()
  expect(raw).not.toContain(apiKey)
  return {raw, ...parseUIMessageStream(raw)}
}

/** Send `Hello` and ` world`, then do `then`. */
const helloThen =
  (then: UpstreamBehavior): UpstreamBehavior =>
  async (response, request) => {
    startEventStream(response)
    response.write(completionChunk('Hello'))
    response.write(completionChunk(' world'))
    await then(response, request)
  }

const errorOf = (chunks: Array<{type: string; errorText?: unknown}>) => chunks.find((chunk) => chunk.type === 'error')?.errorText

describe('POST /api/chat with an OpenAI-compatible upstream', () => {
  test('should stream the upstream reply as a UI message stream', async () => {
    const {upstream, server} = await setup(
      helloThen((response) => {
        response.write(completionChunk('!'))
        response.write(completionChunk(undefined, 'stop'))
        response.end('data: [DONE]\n\n')
      }),
    )
    const body = chatBody('Hi', 'Hello! How can I help?', 'Say hello')
    body.messages.unshift({id: 's', role: 'system', parts: [{type: 'text', text: 'Be brief.'}]})
    const response = await postChat(server.url, body)
    const raw = await response.text()
    const stream = parseUIMessageStream(raw)
    expect(stream.done).toBe(true)
    expect(chunkTypes(stream.chunks)).toEqual(['start', 'start-step', 'text-start', 'text-delta', 'text-end', 'finish-step', 'finish'])
    expect(stream.chunks[0]).toEqual({type: 'start', messageMetadata: {model: 'fake-model', offline: false}})
    expect(stream.chunks.at(-1)).toEqual({type: 'finish', finishReason: 'stop'})
    expect(stream.text).toBe('Hello world!')

    // What the upstream saw: a streamed chat completion with the whole conversation and the key.
    expect(upstream.requests).toHaveLength(1)
    const [request] = upstream.requests
    expect(request?.headers.authorization).toBe(`Bearer ${apiKey}`)
    expect(request?.body.model).toBe('fake-model')
    expect(request?.body.stream).toBe(true)
    expect(request?.body.messages).toEqual([
      {role: 'system', content: 'Be brief.'},
      {role: 'user', content: 'Hi'},
      {role: 'assistant', content: 'Hello! How can I help?'},
      {role: 'user', content: 'Say hello'},
    ])
    // The key goes upstream only.
    expect(raw).not.toContain(apiKey)
    expect(JSON.stringify([...response.headers])).not.toContain(apiKey)
  })

  test('should end with an error event when the upstream answers HTTP 500', async () => {
    const {server, logs} = await setup((response) => {
      response.writeHead(500, {'content-type': 'application/json'})
      response.end(JSON.stringify({error: {message: 'model crashed', type: 'server_error'}}))
    })
    const stream = await chat(server, 'Hi')
    expect(chunkTypes(stream.chunks)).toEqual(['start', 'error'])
    expect(errorOf(stream.chunks)).toBe('The model server answered HTTP 500: model crashed')
    expect(stream.done).toBe(true)
    expect(logs.join('\n')).toContain('HTTP 500')
  })

  test('should not pass the key on when an upstream error echoes it', async () => {
    const {server} = await setup((response) => {
      response.writeHead(401, {'content-type': 'application/json'})
      response.end(JSON.stringify({error: {message: `Incorrect API key provided: ${apiKey}`}}))
    })
    const stream = await chat(server, 'Hi')
    expect(errorOf(stream.chunks)).toBe('The model server answered HTTP 401: Incorrect API key provided: ***')
  })

  test('should end with an error event when the upstream refuses the connection', async () => {
    const logs: string[] = []
    const port = await closedPort()
    const server = await startChatServer({
      upstream: {baseURL: `http://127.0.0.1:${port}/v1`, model: 'fake-model', idleTimeoutMs: 5000},
      log: (message) => logs.push(message),
    })
    cleanup.push(server.close)
    const stream = await chat(server, 'Hi')
    expect(chunkTypes(stream.chunks)).toEqual(['start', 'error'])
    expect(errorOf(stream.chunks)).toBe('Could not reach the model server (ECONNREFUSED). Is it running?')
    // The address is for the server's log, not the browser.
    expect(stream.raw).not.toContain(String(port))
    expect(logs.join('\n')).toContain(`127.0.0.1:${port}`)
  })

  test('should keep the partial reply and end with an error on a malformed chunk', async () => {
    const {upstream, server} = await setup(
      helloThen((response) => {
        response.write('data: {"id":"chatcmpl-1","choices":[{"delta":{"content":\n\n')
        // More text after the bad chunk must not be appended to the reply.
        response.write(completionChunk(' and more'))
      }),
    )
    const stream = await chat(server, 'Hi')
    expect(stream.text).toBe('Hello world')
    expect(errorOf(stream.chunks)).toBe('The model server sent a malformed stream chunk, so the reply stopped there.')
    expect(stream.chunks.at(-1)).toEqual({type: 'finish', finishReason: 'error'})
    expect(stream.done).toBe(true)
    // The server hung up on the upstream rather than wait for more.
    await upstream.requests[0]?.closed
    expect(upstream.requests[0]?.ended()).toBe(false)
  })

  test('should end a stalled stream after the idle timeout with a clear error', async () => {
    const {upstream, server} = await setup(
      helloThen(() => {}),
      300,
    )
    const started = performance.now()
    const stream = await chat(server, 'Hi')
    const elapsed = performance.now() - started
    expect(stream.text).toBe('Hello world')
    expect(errorOf(stream.chunks)).toBe('The model server sent nothing for 300 ms, so the reply stopped there (see CHAT_IDLE_TIMEOUT_MS).')
    expect(stream.chunks.at(-1)).toEqual({type: 'finish', finishReason: 'error'})
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(5000)
    await upstream.requests[0]?.closed
    expect(upstream.requests[0]?.ended()).toBe(false)
  })

  test('should time out an upstream that never sends its headers', async () => {
    const {upstream, server} = await setup(() => {}, 300)
    const stream = await chat(server, 'Hi')
    expect(chunkTypes(stream.chunks)).toEqual(['start', 'error'])
    expect(errorOf(stream.chunks)).toMatch(/^The model server sent nothing for 300 ms/)
    await upstream.requests[0]?.closed
  })

  test('should keep the partial reply and end with an error when the upstream is cut mid-reply', async () => {
    const {server} = await setup(helloThen((response) => void setTimeout(() => response.destroy(), 20)))
    const stream = await chat(server, 'Hi')
    expect(stream.text).toBe('Hello world')
    expect(errorOf(stream.chunks)).toBe('The connection to the model server dropped in the middle of the reply.')
    expect(stream.done).toBe(true)
  })

  test('should end with an error when the upstream stops without a finish reason', async () => {
    const {server} = await setup(helloThen((response) => void response.end()))
    const stream = await chat(server, 'Hi')
    expect(stream.text).toBe('Hello world')
    expect(errorOf(stream.chunks)).toMatch(/^The model server sent an unexpected response: .*without a finish reason/)
  })

  test('should cancel the upstream request when the client disconnects', async () => {
    let written = 0
    const {upstream, server} = await setup(async (response) => {
      startEventStream(response)
      // At most 500 chunks (10 s): the abort must end it long before.
      for (; written < 500 && !response.destroyed; written++) {
        response.write(completionChunk(`word${written} `))
        await delay(20)
      }
      response.end()
    })
    const client = new AbortController()
    const response = await postChat(server.url, chatBody('Hi'), {signal: client.signal})
    const reader = response.body!.getReader()
    let received = ''
    while (!received.includes('"text-delta"')) received += new TextDecoder().decode((await reader.read()).value)
    client.abort()
    const closedAt = await Promise.race([upstream.requests[0]!.closed.then(() => 'closed'), delay(3000, 'timeout')])
    expect(closedAt).toBe('closed')
    expect(upstream.requests[0]?.ended()).toBe(false)
    expect(written).toBeLessThan(500)

    // The server is still up for the next client.
    const next = await postChat(server.url, chatBody('Hi again'))
    expect(next.status).toBe(200)
    await next.body?.cancel()
  })

  test('should stay up and answer after each fault', async () => {
    let calls = 0
    const {server} = await setup((response) => {
      calls++
      if (calls === 1) return void response.destroy()
      startEventStream(response)
      response.write(completionChunk('Fine', 'stop'))
      response.end('data: [DONE]\n\n')
    })
    const failed = await chat(server, 'Hi')
    expect(errorOf(failed.chunks)).toBeTypeOf('string')
    const retried = await chat(server, 'Hi')
    expect(retried.text).toBe('Fine')
    expect(retried.chunks.at(-1)).toEqual({type: 'finish', finishReason: 'stop'})
  })
})
