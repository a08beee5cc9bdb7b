/**
 * `POST /api/chat`: check the request, pick the model, and stream the reply
 * as the AI SDK's UI message stream (Server-Sent Events). The one handler
 * that both `server/index.ts` and the Vite plugin mount.
 */
import type {IncomingMessage, ServerResponse} from 'node:http'
import type {LanguageModelV3} from '@ai-sdk/provider'
import {convertToModelMessages, streamText} from 'ai'
import {errorToText, redact} from './chat-errors.ts'
import {drainBody, readChatRequest} from './chat-request.ts'
import {createUpstreamModel, DEFAULT_OPENAI_MODEL, type UpstreamOptions} from './models/openai-compatible.ts'
import {createReplayModel, DEFAULT_REPLAY_TPS} from './models/replay.ts'

/** How long an upstream may stay silent, in ms, when `CHAT_IDLE_TIMEOUT_MS` is unset. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000

/** What the chat handler runs on: the upstream, or the replay model's rate. */
export interface ChatConfig {
  /** The OpenAI-compatible endpoint; without it, the replay model answers. */
  upstream?: UpstreamOptions | undefined
  /** The replay model's rate, in words per second; `0` for as fast as possible. */
  replayTps: number
  /** Where failed replies are reported; `console.error` by default. */
  log?: ((message: string) => void) | undefined
}

/** A Node request handler, which Connect (Vite) can mount as it is. */
export type ChatHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>

/** What the `start` event of every reply carries as `messageMetadata`. */
export interface ChatMetadata {
  model: string
  /** Whether the reply comes from the offline replay model. */
  offline: boolean
}

/** Read the chat configuration from environment variables. */
export function chatConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ChatConfig {
  const replayTps = readNumber(env, 'CHAT_REPLAY_TPS', DEFAULT_REPLAY_TPS, 0)
  const idleTimeoutMs = readNumber(env, 'CHAT_IDLE_TIMEOUT_MS', DEFAULT_IDLE_TIMEOUT_MS, 1)
  const baseURL = env.OPENAI_BASE_URL?.trim()
  if (!baseURL) return {replayTps}
  return {
    replayTps,
    upstream: {
      baseURL,
      apiKey: env.OPENAI_API_KEY?.trim() || undefined,
      model: env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL,
      idleTimeoutMs,
    },
  }
}

/** Create the `POST /api/chat` handler. */
export function createChatHandler(config: ChatConfig): ChatHandler {
  const model: LanguageModelV3 = config.upstream
    ? createUpstreamModel(config.upstream)
    : createReplayModel({tokensPerSecond: config.replayTps})
  const metadata: ChatMetadata = {model: model.modelId, offline: !config.upstream}
  const secrets = [config.upstream?.apiKey ?? '']
  const log = config.log ?? ((message: string) => console.error(message))

  return async function handleChat(request, response) {
    if (request.method !== 'POST') return sendJson(response, 405, {error: 'Expected a POST request'}, {allow: 'POST'})
    const parsed = await readChatRequest(request).catch((error: Error) => ({error: error.message, close: true}))
    if ('error' in parsed) {
      if (!parsed.close) return sendJson(response, 400, {error: parsed.error})
      // An unread body cannot be skipped to reuse the connection; it is
      // drained first, so that closing it does not reset it.
      await drainBody(request)
      return sendJson(response, 400, {error: parsed.error}, {connection: 'close'})
    }
    // `close` without `finish` means the client left: cancel the model call,
    // which aborts the upstream fetch.
    const client = new AbortController()
    response.once('close', () => {
      if (!response.writableFinished) client.abort(new DOMException('The client disconnected', 'AbortError'))
    })
    const result = streamText({
      model,
      messages: await convertToModelMessages(parsed.request.messages),
      abortSignal: client.signal,
      // Whoever can post here can already spend the upstream key, so a system
      // message from the browser grants nothing more than a user message.
      allowSystemInMessages: true,
      // Fail fast: the browser offers Retry, and a retried 500 only delays the error.
      maxRetries: 0,
      onError: ({error}) => log(`POST /api/chat: ${errorToText(error, secrets)} (${redact(String(error), secrets)})`),
    })
    await result.pipeUIMessageStreamToResponse(response, {
      onError: (error) => errorToText(error, secrets),
      messageMetadata: ({part}) => (part.type === 'start' ? metadata : undefined),
    })
  }
}

/** Answer with a JSON body. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
    ...headers,
  })
  response.end(json)
}

function readNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min) throw new Error(`Expected \`${name}\` to be a number, ${min} or more, not \`${raw}\``)
  return value
}
