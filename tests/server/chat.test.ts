import {DefaultChatTransport, readUIMessageStream, type UIMessage} from 'ai'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {MAX_BODY_BYTES, MAX_MESSAGE_CHARS, MAX_MESSAGES} from '../../server/chat-request.ts'
import type {RunningServer} from '../../server/index.ts'
import {replayAnswer, REPLAY_NOTICE} from '../../server/models/replay-answers.ts'
import {chatBody, chunkTypes, parseUIMessageStream, postChat, startChatServer, startFakeUpstream, type FakeUpstream} from './chat-helpers.ts'

let replay: RunningServer

beforeAll(async () => {
  replay = await startChatServer({replayTps: 0})
})

afterAll(async () => {
  await replay.close()
})

describe('POST /api/chat with the replay model', () => {
  test('should stream a valid UI message stream whose deltas add up to the answer', async () => {
    const question = 'Show me a table comparing sorting algorithms'
    const response = await postChat(replay.url, chatBody(question))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1')
    expect(response.headers.get('cache-control')).toBe('no-cache')

    const stream = parseUIMessageStream(await response.text())
    expect(stream.done).toBe(true)
    expect(stream.rest).toBe('')
    expect(chunkTypes(stream.chunks)).toEqual(['start', 'start-step', 'text-start', 'text-delta', 'text-end', 'finish-step', 'finish'])
    expect(stream.chunks[0]).toEqual({type: 'start', messageMetadata: {model: 'offthread-replay', offline: true}})
    expect(stream.chunks.at(-1)).toEqual({type: 'finish', finishReason: 'stop'})
    const ids = new Set(stream.chunks.filter((chunk) => 'id' in chunk).map((chunk) => chunk.id))
    expect(ids.size).toBe(1)
    expect(stream.text).toBe(await replayAnswer(question))
    expect(stream.text.split('\n')[0]).toBe(REPLAY_NOTICE)
    expect(stream.text).toContain('| Algorithm |')
    // Word by word: many small deltas, not one block.
    expect(stream.chunks.filter((chunk) => chunk.type === 'text-delta').length).toBeGreaterThan(100)
  })

  test('should answer the last user message of the conversation', async () => {
    const body = chatBody('Write some Python', 'Here it is.', 'Now explain the quadratic formula')
    const stream = parseUIMessageStream(await (await postChat(replay.url, body)).text())
    expect(stream.text).toContain('$$\nx = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\n$$')
    expect(stream.text).not.toContain('```python')
  })

  test('should work with the AI SDK client (DefaultChatTransport and readUIMessageStream)', async () => {
    const transport = new DefaultChatTransport<UIMessage>({api: `${replay.url}/api/chat`})
    const messages: UIMessage[] = [{id: 'u1', role: 'user', parts: [{type: 'text', text: '/sample feature-tour'}]}]
    const stream = await transport.sendMessages({
      chatId: 'chat-1',
      messages,
      trigger: 'submit-message',
      messageId: undefined,
      abortSignal: undefined,
    })
    let last: UIMessage | undefined
    let updates = 0
    for await (const message of readUIMessageStream({stream, terminateOnError: true})) {
      last = message
      updates++
    }
    expect(updates).toBeGreaterThan(50)
    expect(last?.role).toBe('assistant')
    expect(last?.metadata).toEqual({model: 'offthread-replay', offline: true})
    const text = last?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')
    expect(text).toBe(await replayAnswer('/sample feature-tour'))
    expect(text).toContain('# Offthread feature tour')
  })

  test('should answer GET with 405', async () => {
    const response = await fetch(`${replay.url}/api/chat`)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(await response.json()).toEqual({error: 'Expected a POST request'})
  })
})

describe('bad requests', () => {
  let upstream: FakeUpstream
  let server: RunningServer

  beforeAll(async () => {
    // A real upstream configuration: a bad request must never reach it.
    upstream = await startFakeUpstream((response) => void response.writeHead(500).end())
    server = await startChatServer({upstream: {baseURL: upstream.baseURL, model: 'fake-model', idleTimeoutMs: 5000}})
  })

  afterAll(async () => {
    await server.close()
    await upstream.close()
    expect(upstream.requests).toEqual([])
  })

  const message = (fields: Record<string, unknown>) => ({messages: [{id: 'm0', role: 'user', parts: [], ...fields}]})
  const cases: Array<[string, unknown, RegExp, RequestInit?]> = [
    ['not JSON', '{"messages": [', /^Expected a JSON body/],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), /^Expected a JSON body/],
    ['a JSON array', [], /^Expected the body to be an object, not `\[\]`/],
    ['JSON null', 'null', /^Expected the body to be an object, not `null`/],
    ['no messages', {id: 'x'}, /^Expected `messages` to be an array, not nothing/],
    ['messages that are not an array', {messages: {}}, /^Expected `messages` to be an array/],
    ['an empty conversation', {messages: []}, /^Expected at least one message/],
    ['too many messages', {messages: Array.from({length: MAX_MESSAGES + 1}, () => message({}).messages[0])}, /at most 200 messages, not 201/],
    ['an unknown role', message({role: 'tool'}), /^Expected `messages\[0\]\.role` to be `system`, `user` or `assistant`, not `"tool"`/],
    ['a missing role', message({role: undefined}), /^Expected `messages\[0\]\.role`/],
    ['a message that is a string', {messages: ['hi']}, /^Expected `messages\[0\]` to be an object/],
    ['parts that are not an array', message({parts: 'hi'}), /^Expected `messages\[0\]\.parts` to be an array/],
    ['a part that is not an object', message({parts: [1]}), /^Expected `messages\[0\]\.parts\[0\]` to be an object/],
    ['an unsupported part type', message({parts: [{type: 'file', url: 'x'}]}), /^Expected `messages\[0\]\.parts\[0\]\.type` to be `text`/],
    ['a text part without text', message({parts: [{type: 'text', text: 42}]}), /^Expected `messages\[0\]\.parts\[0\]\.text` to be a string, not `42`/],
    ['a message id that is not a string', message({id: 7}), /^Expected `messages\[0\]\.id` to be a string/],
    ['an unknown trigger', {...chatBody('hi'), trigger: 'resume'}, /^Expected `trigger`/],
    ['a chat id that is not a string', {...chatBody('hi'), id: 1}, /^Expected `id` to be a string/],
    ['a message over the text limit', chatBody('x'.repeat(MAX_MESSAGE_CHARS + 1)), /at most 2,000,000 characters/],
    ['a body over the size limit', JSON.stringify(chatBody('x'.repeat(MAX_BODY_BYTES))), /at most 4,000,000 bytes/],
    [
      'a text/plain body',
      JSON.stringify(chatBody('hi')),
      /^Expected `content-type: application\/json`, not `text\/plain`/,
      {headers: {'content-type': 'text/plain'}},
    ],
    ['a form body', 'messages=1', /^Expected `content-type: application\/json`/, {headers: {'content-type': 'application/x-www-form-urlencoded'}}],
  ]

  test.each(cases)('should answer %s with 400 and a JSON error', async (_, body, error, init) => {
    const response = await postChat(server.url, body, init)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const json = (await response.json()) as {error: string}
    expect(Object.keys(json)).toEqual(['error'])
    expect(json.error).toMatch(error)
  })

  test('should answer a chunked body over the size limit with 400 and close the connection', async () => {
    let sent = 0
    const piece = new Uint8Array(64 * 1024).fill(0x20)
    // 64 KB pieces, up to 4 times the limit.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY_BYTES * 4) return controller.close()
        sent += piece.length
        controller.enqueue(piece)
      },
    })
    const response = await postChat(server.url, body)
    expect(response.status).toBe(400)
    // The rest of the body is read and dropped before the answer (closing a
    // connection with the body still coming resets it, and the client may
    // lose the answer), and the connection is not reused.
    expect(sent).toBeGreaterThan(MAX_BODY_BYTES * 4)
    expect(response.headers.get('connection')).toBe('close')
    expect(((await response.json()) as {error: string}).error).toMatch(/at most 4,000,000 bytes/)
  })

  test('should keep serving after bad requests', async () => {
    const ok = await postChat(replay.url, chatBody('hello'))
    expect(ok.status).toBe(200)
    expect(parseUIMessageStream(await ok.text()).done).toBe(true)
  })
})
