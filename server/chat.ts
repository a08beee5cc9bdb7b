/**
 * `POST /api/chat`: check the request, pick the model, and stream the reply
 * as the AI SDK's UI message stream (Server-Sent Events). The one handler
 * that both `server/index.ts` and the Vite plugin mount.
 */
import type {IncomingMessage, ServerResponse} from 'node:http'
import type {LanguageModelV3} from '@ai-sdk/provider'
import {convertToModelMessages, streamText, wrapLanguageModel} from 'ai'
import {checkOrigin, checkToken, type Refusal} from './chat-access.ts'
import {DEFAULT_CHAT_LIMITS, type ChatConfig, type ChatLimits} from './chat-config.ts'
import {errorToText, redact} from './chat-errors.ts'
import {clientAddress, createClientLimiter} from './chat-limits.ts'
import {drainBody, readChatRequest} from './chat-request.ts'
import {createUpstreamModel} from './models/openai-compatible.ts'
import {replyCap} from './models/reply-cap.ts'
import {createReplayModel} from './models/replay.ts'

export type {ChatConfig} from './chat-config.ts'

/** A Node request handler, which Connect (Vite) can mount as it is. */
export type ChatHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>

/** What the `start` event of every reply carries as `messageMetadata`. */
export interface ChatMetadata {
  model: string
  /** Whether the reply comes from the offline replay model. */
  offline: boolean
}

/** What the `finish` event carries as `messageMetadata` when the reply was cut at the length cap. */
export interface ChatFinishMetadata {
  /** The cap it reached, in characters. */
  replyCapChars: number
}

/** Create the `POST /api/chat` handler. */
export function createChatHandler(config: ChatConfig): ChatHandler {
  const model: LanguageModelV3 = config.upstream ? createUpstreamModel(config.upstream) : createReplayModel({tokensPerSecond: config.replayTps})
  const metadata: ChatMetadata = {model: model.modelId, offline: !config.upstream}
  const secrets = [config.upstream?.apiKey ?? '', config.token ?? '']
  const log = config.log ?? ((message: string) => console.error(message))
  const limits: ChatLimits = {...DEFAULT_CHAT_LIMITS, ...config.limits}
  const limiter = createClientLimiter(limits)

  return async function handleChat(request, response) {
    if (request.method !== 'POST') return sendJson(response, 405, {error: 'Expected a POST request'}, {allow: 'POST'})
    const wrongOrigin = checkOrigin(request, config)
    if (wrongOrigin) return refuse(request, response, wrongOrigin)
    const client = clientAddress(request, config.trustProxy)
    // Counted before the token is checked, so guessing it is as slow as chatting.
    const tooMany = limiter.admitRequest(client)
    if (tooMany) return refuse(request, response, {status: 429, error: tooMany.error, headers: {'retry-after': String(tooMany.retryAfterSeconds)}})
    const noToken = checkToken(request, config.token)
    if (noToken) return refuse(request, response, noToken)
    const parsed = await readChatRequest(request).catch((error: Error) => ({error: error.message, close: true}))
    if ('error' in parsed) {
      if (!parsed.close) return sendJson(response, 400, {error: parsed.error})
      // A body dropped part-way is not worth reusing the connection for.
      return refuse(request, response, {status: 400, error: parsed.error, headers: {connection: 'close'}})
    }
    const slot = limiter.openStream(client)
    if (typeof slot !== 'function') return sendJson(response, 429, {error: slot.error}, {'retry-after': String(slot.retryAfterSeconds)})
    response.once('close', slot)
    // `close` without `finish` means the client left: cancel the model call,
    // which aborts the upstream fetch.
    const abort = new AbortController()
    response.once('close', () => {
      if (!response.writableFinished) abort.abort(new DOMException('The client disconnected', 'AbortError'))
    })
    let capped = false
    const result = streamText({
      model: wrapLanguageModel({model, middleware: replyCap(limits.maxReplyChars, () => (capped = true))}),
      messages: await convertToModelMessages(parsed.request.messages),
      abortSignal: abort.signal,
      // Whoever can post here can already spend the upstream key, so a system
      // message from the browser grants nothing more than a user message.
      allowSystemInMessages: true,
      // Fail fast: the browser offers Retry, and a retried 500 only delays the error.
      maxRetries: 0,
      onError: ({error}) => log(`POST /api/chat: ${errorToText(error, secrets)} (${redact(String(error), secrets)})`),
    })
    await result.pipeUIMessageStreamToResponse(response, {
      onError: (error) => errorToText(error, secrets),
      messageMetadata: ({part}): ChatMetadata | ChatFinishMetadata | undefined =>
        part.type === 'start' ? metadata : part.type === 'finish' && capped ? {replyCapChars: limits.maxReplyChars} : undefined,
    })
  }
}

/**
 * Refuse a request whose body may be unread. The body is drained first:
 * closing a connection while its body still comes resets it, and the
 * client can lose the answer.
 */
async function refuse(request: IncomingMessage, response: ServerResponse, {status, error, headers = {}}: Refusal): Promise<void> {
  await drainBody(request)
  sendJson(response, status, {error}, request.readableEnded ? headers : {...headers, connection: 'close'})
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
