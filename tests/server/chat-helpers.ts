/**
 * Helpers for the server tests: start the server on a free loopback port,
 * post chat requests, parse the UI message stream, and run a fake
 * OpenAI-compatible upstream. Every address is 127.0.0.1.
 */
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import type {ChatConfig} from '../../server/chat.ts'
import {startServer, type RunningServer} from '../../server/index.ts'

/** Limits no test reaches unless it sets its own: every request comes from 127.0.0.1. */
export const noLimits = {requestsPerMinute: Infinity, concurrentStreams: Infinity}

/** Start the server with `chat` on a free port, serving an empty build folder. */
export async function startChatServer(chat: Partial<ChatConfig> = {}): Promise<RunningServer> {
  const distDir = await mkdtemp(path.join(tmpdir(), 'offthread-dist-'))
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Offthread</title>')
  const config: ChatConfig = {replayTps: 0, log: () => {}, ...chat, limits: {...noLimits, ...chat.limits}}
  const server = await startServer({distDir, port: 0, host: '127.0.0.1', chat: config, requestLog: () => {}})
  return {
    ...server,
    close: async (graceMs) => {
      await server.close(graceMs)
      await rm(distDir, {recursive: true, force: true})
    },
  }
}

/** A `useChat`-style request body with one message per text, alternating user and assistant. */
export function chatBody(...texts: string[]): {id: string; trigger: string; messages: unknown[]} {
  return {
    id: 'chat-1',
    trigger: 'submit-message',
    messages: texts.map((text, index) => ({
      id: `m${index}`,
      role: index % 2 === 0 ? 'user' : 'assistant',
      parts: [{type: 'text', text}],
    })),
  }
}

/** POST `body` to `/api/chat`: strings, bytes and streams as they are, anything else as JSON. */
export function postChat(url: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  const raw = typeof body === 'string' || body instanceof Uint8Array || body instanceof ReadableStream
  return fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: raw ? (body as BodyInit) : JSON.stringify(body),
    // Needed by Node's fetch for a stream body.
    ...(body instanceof ReadableStream ? {duplex: 'half'} : {}),
    ...init,
  })
}

/** One event of the UI message stream. */
export interface UIChunk {
  type: string
  [key: string]: unknown
}

/** A whole UI message stream, parsed. */
export interface ParsedStream {
  chunks: UIChunk[]
  /** Whether the stream ended with `data: [DONE]`. */
  done: boolean
  /** The text deltas joined. */
  text: string
  /** What is left after the last complete event (should be empty). */
  rest: string
}

/** Parse Server-Sent Events of the UI message stream: one `data:` line per event. */
export function parseUIMessageStream(raw: string): ParsedStream {
  const events = raw.split('\n\n')
  const rest = events.pop() ?? ''
  const chunks: UIChunk[] = []
  let done = false
  for (const event of events) {
    if (!event.startsWith('data: ')) throw new Error(`Expected an SSE \`data:\` event, not \`${event.slice(0, 60)}\``)
    const data = event.slice(6)
    if (done) throw new Error(`Expected nothing after \`[DONE]\`, not \`${data.slice(0, 60)}\``)
    if (data === '[DONE]') done = true
    else chunks.push(JSON.parse(data) as UIChunk)
  }
  const text = chunks.map((chunk) => (chunk.type === 'text-delta' ? String(chunk.delta) : '')).join('')
  return {chunks, done, text, rest}
}

/** The chunk types in order, with runs of `text-delta` collapsed to one. */
export function chunkTypes(chunks: UIChunk[]): string[] {
  const types: string[] = []
  for (const {type} of chunks) if (!(type === 'text-delta' && types.at(-1) === 'text-delta')) types.push(type)
  return types
}

/** A request the fake upstream got. */
export interface UpstreamRequest {
  headers: IncomingMessage['headers']
  body: {model?: string; stream?: boolean; messages?: Array<{role: string; content: unknown}>}
  /** Resolves once the upstream sees the connection go, from either side. */
  closed: Promise<void>
  /** Whether the response was ended by the fake itself. */
  ended: () => boolean
}

/** A running fake upstream. */
export interface FakeUpstream {
  /** Such as `http://127.0.0.1:41234/v1`. */
  baseURL: string
  requests: UpstreamRequest[]
  close: () => Promise<void>
}

/** How the fake upstream answers one request. */
export type UpstreamBehavior = (response: ServerResponse, request: UpstreamRequest) => void | Promise<void>

/** A fake OpenAI-compatible server on loopback; `behavior` answers `POST /v1/chat/completions`. */
export async function startFakeUpstream(behavior: UpstreamBehavior): Promise<FakeUpstream> {
  const requests: UpstreamRequest[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      let ended = false
      response.once('finish', () => (ended = true))
      const closed = new Promise<void>((resolve) => response.once('close', () => resolve()))
      const entry: UpstreamRequest = {
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as UpstreamRequest['body'],
        closed,
        ended: () => ended,
      }
      requests.push(entry)
      if (request.url !== '/v1/chat/completions') {
        response.writeHead(404).end()
        return
      }
      void behavior(response, entry)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** One streamed `chat.completion.chunk` as an SSE event. */
export function completionChunk(content: string | undefined, finishReason: string | null = null): string {
  const delta = content === undefined ? {} : {role: 'assistant', content}
  const chunk = {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'fake-model',
    choices: [{index: 0, delta, finish_reason: finishReason}],
  }
  return `data: ${JSON.stringify(chunk)}\n\n`
}

/** Start an event stream response as OpenAI does. */
export function startEventStream(response: ServerResponse): void {
  response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'})
}

/** A loopback port that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
