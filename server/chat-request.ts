/**
 * Read and check the body of `POST /api/chat`: what `useChat` sends,
 * `{id, messages: UIMessage[], trigger, messageId}`, within the limits below.
 */
import type {IncomingMessage} from 'node:http'
import type {UIMessage} from 'ai'

/** The largest request body accepted, in bytes. Replies of `/long 1m` must fit in the history sent back. */
export const MAX_BODY_BYTES = 4_000_000

/** The most messages one request may carry. */
export const MAX_MESSAGES = 200

/** The most characters of text one message may carry, all its parts together. */
export const MAX_MESSAGE_CHARS = 2_000_000

/** The roles a message may have. */
export const ROLES = ['system', 'user', 'assistant'] as const

/** A checked chat request. */
export interface ChatRequest {
  id: string | undefined
  trigger: 'submit-message' | 'regenerate-message' | undefined
  /** The messages, each reduced to its text parts. */
  messages: UIMessage[]
}

/** A request, or why it was refused; `close` when the body was left unread. */
export type ParsedChatRequest = {request: ChatRequest} | {error: string; close?: boolean}

// Parts the browser may send back with earlier replies; only text reaches the model.
const ignoredParts = new Set(['reasoning', 'step-start'])

/** Read the body of `request` and check it. */
export async function readChatRequest(request: IncomingMessage): Promise<ParsedChatRequest> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') {
    const given = request.headers['content-type']
    return {error: `Expected \`content-type: application/json\`, not ${given ? `\`${given.slice(0, 80)}\`` : 'none'}`}
  }
  const length = Number(request.headers['content-length'])
  if (length > MAX_BODY_BYTES) return {error: tooLarge(), close: true}
  const body = await readBody(request, MAX_BODY_BYTES)
  if (body === undefined) return {error: tooLarge(), close: true}
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', {fatal: true}).decode(body))
  } catch (error) {
    return {error: `Expected a JSON body: ${(error as Error).message}`}
  }
  return parseChatBody(value)
}

/** Check a parsed JSON body. */
export function parseChatBody(body: unknown): ParsedChatRequest {
  if (!isRecord(body)) return {error: `Expected the body to be an object, not ${describe(body)}`}
  const {id, trigger, messageId, messages} = body
  if (id !== undefined && typeof id !== 'string') return {error: `Expected \`id\` to be a string, not ${describe(id)}`}
  if (messageId !== undefined && typeof messageId !== 'string') {
    return {error: `Expected \`messageId\` to be a string, not ${describe(messageId)}`}
  }
  if (trigger !== undefined && trigger !== 'submit-message' && trigger !== 'regenerate-message') {
    return {error: `Expected \`trigger\` to be \`submit-message\` or \`regenerate-message\`, not ${describe(trigger)}`}
  }
  if (!Array.isArray(messages)) return {error: `Expected \`messages\` to be an array, not ${describe(messages)}`}
  if (messages.length === 0) return {error: 'Expected at least one message'}
  if (messages.length > MAX_MESSAGES) {
    return {error: `Expected at most ${MAX_MESSAGES} messages, not ${messages.length}`}
  }
  const checked: UIMessage[] = []
  for (const [index, message] of messages.entries()) {
    const result = parseMessage(message, `messages[${index}]`)
    if (typeof result === 'string') return {error: result}
    checked.push(result)
  }
  return {request: {id, trigger, messages: checked}}
}

function parseMessage(message: unknown, at: string): UIMessage | string {
  if (!isRecord(message)) return `Expected \`${at}\` to be an object, not ${describe(message)}`
  const {id, role, parts} = message
  if (id !== undefined && typeof id !== 'string') return `Expected \`${at}.id\` to be a string, not ${describe(id)}`
  if (!ROLES.includes(role as never)) {
    return `Expected \`${at}.role\` to be \`system\`, \`user\` or \`assistant\`, not ${describe(role)}`
  }
  if (!Array.isArray(parts)) return `Expected \`${at}.parts\` to be an array, not ${describe(parts)}`
  const texts: string[] = []
  let chars = 0
  for (const [index, part] of parts.entries()) {
    const where = `${at}.parts[${index}]`
    if (!isRecord(part)) return `Expected \`${where}\` to be an object, not ${describe(part)}`
    if (part.type !== 'text' && !ignoredParts.has(part.type as string)) {
      return `Expected \`${where}.type\` to be \`text\`, \`reasoning\` or \`step-start\`, not ${describe(part.type)}`
    }
    if (part.type === 'step-start') continue
    if (typeof part.text !== 'string') return `Expected \`${where}.text\` to be a string, not ${describe(part.text)}`
    chars += part.text.length
    if (part.type === 'text') texts.push(part.text)
  }
  if (chars > MAX_MESSAGE_CHARS) {
    return `Expected \`${at}\` to hold at most ${MAX_MESSAGE_CHARS.toLocaleString('en')} characters, not ${chars.toLocaleString('en')}`
  }
  return {
    id: typeof id === 'string' ? id : `${at}`,
    role: role as UIMessage['role'],
    parts: texts.map((text) => ({type: 'text' as const, text})),
  }
}

/** Collect the body, or `undefined` as soon as it passes `limit` bytes. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      // Stop collecting; what is left is drained and dropped, never stored.
      request.off('data', onData)
      request.off('end', onEnd)
      request.resume()
      resolve(undefined)
    }
    const onEnd = () => resolve(Buffer.concat(chunks))
    request.on('data', onData)
    request.on('end', onEnd)
    request.on('error', reject)
    // Without `end` first, the client went away mid-body; a no-op after `end`.
    request.on('close', () => reject(new Error('The client closed the request before sending all of it')))
  })
}

/** How long a refused body is drained, at most, before its connection is closed. */
const drainMaxMs = 2_000

/**
 * Resolves once the rest of `request`'s body has been read and dropped, or
 * after `drainMaxMs`. A connection closed with bytes of the body still
 * coming is reset, and a reset can make the client lose the answer it was
 * sent: a CI run had the test of a chunked body over the limit fail in
 * `fetch` with EPIPE, before it read the `400`. Answer a body refused
 * unread only after this.
 */
export function drainBody(request: IncomingMessage): Promise<void> {
  if (request.readableEnded || request.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      request.off('end', done)
      request.off('close', done)
      request.off('error', done)
      resolve()
    }
    const timer = setTimeout(done, drainMaxMs)
    request.on('end', done)
    request.on('close', done)
    request.on('error', done)
    request.resume()
  })
}

function tooLarge(): string {
  return `Expected a body of at most ${MAX_BODY_BYTES.toLocaleString('en')} bytes`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A short, safe rendering of a value for an error message. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  const json = JSON.stringify(value) ?? String(value)
  return `\`${json.length > 40 ? `${json.slice(0, 40)}…` : json}\``
}
