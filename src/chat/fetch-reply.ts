/**
 * Ask `POST /api/chat` for a reply, as the AI SDK's `useChat` does, and read
 * it. Returns how it ended; never throws.
 */
import type {ChatMessage, ReplyEnd} from '../state/chat.ts'
import {isAbort, readReplyStream, type StreamHandlers} from './read-stream.ts'

/** Where the chat server listens (same origin: `npm start`, or Vite's dev and preview servers). */
export const chatEndpoint = '/api/chat'

/** The request body `useChat` sends. */
export interface ChatRequestBody {
  id: string
  messages: {id: string; role: 'user' | 'assistant'; parts: {type: 'text'; text: string}[]}[]
  trigger: 'submit-message' | 'regenerate-message'
  messageId: string | undefined
}

/** The request for a reply to `history` in conversation `id`. */
export function chatRequest(id: string, history: readonly ChatMessage[], trigger: ChatRequestBody['trigger'], messageId?: string): ChatRequestBody {
  return {
    id,
    // A reply that failed before its first word has nothing to tell the model.
    messages: history.filter((message) => message.text !== '').map(({id, role, text}) => ({id, role, parts: [{type: 'text', text}]})),
    trigger,
    messageId,
  }
}

/**
 * Post `body`, with `token` as the bearer if there is one, and read the
 * reply; an HTTP error comes back with its status.
 */
export async function fetchReply(body: ChatRequestBody, signal: AbortSignal, handlers: StreamHandlers = {}, token = ''): Promise<ReplyEnd> {
  let response: Response
  try {
    response = await fetch(chatEndpoint, {
      method: 'POST',
      headers: {'content-type': 'application/json', ...(token ? {authorization: `Bearer ${token}`} : {})},
      body: JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (isAbort(error)) return {text: '', cancelled: true}
    return {text: '', error: 'Could not reach the chat server. Check that it is running, then retry.'}
  }
  if (!response.ok) return {text: '', error: await httpError(response), status: response.status}
  if (!response.body) return {text: '', error: 'The chat server sent an empty reply.'}
  return readReplyStream(response.body, handlers)
}

/** The user-facing text of an HTTP error: the server's `{error}` if it sent one, and how long to wait. */
async function httpError(response: Response): Promise<string> {
  const status = `The chat server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
  const seconds = Number(response.headers.get('retry-after'))
  const wait = response.status === 429 && seconds > 0 ? ` Try again in ${seconds} s.` : ''
  try {
    const body = (await response.json()) as {error?: unknown}
    if (typeof body.error === 'string' && body.error) return `${status}: ${body.error}${wait}`
  } catch {
    // Not JSON: the status says enough.
  }
  return `${status}.${wait}`
}
