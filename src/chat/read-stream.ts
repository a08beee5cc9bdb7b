/**
 * Read a reply of `POST /api/chat`: the AI SDK's UI message stream
 * (Server-Sent Events), parsed and checked by the SDK's own schema. Returns
 * how the reply ended; never throws.
 */
import {parseJsonEventStream, uiMessageChunkSchema, type UIMessageChunk} from 'ai'
import type {LengthLimit, ReplyEnd} from '../state/chat.ts'

/** What the `start` event says about the reply (see `ChatMetadata` in server/chat.ts). */
export interface ReplyMetadata {
  model: string | undefined
  /** Whether the offline demo model wrote it. */
  offline: boolean
}

/** Callbacks while the reply arrives. */
export interface StreamHandlers {
  /** The stream started; called once, with the metadata of its `start` event. */
  onStart?: (metadata: ReplyMetadata) => void
  /** The text so far, after each delta. */
  onText?: (text: string) => void
}

/** Messages for the user when the stream itself goes wrong (the server words its own errors). */
export const streamErrors = {
  malformed: 'The reply could not be read: the server sent a malformed stream.',
  cut: 'The connection closed before the reply was complete.',
  lost: 'The connection was lost while the reply was streaming.',
} as const

/**
 * Read `body` to its end. The result keeps the text received so far in every
 * case: `{text, cancelled}` when it finished or was aborted (an `AbortError`
 * is a cancel, not a failure), `{text, error}` when the server reported an
 * error, a chunk was malformed, or the connection ended before `finish`.
 */
export async function readReplyStream(body: ReadableStream<Uint8Array>, handlers: StreamHandlers = {}): Promise<ReplyEnd> {
  const reader = parseJsonEventStream({stream: body, schema: uiMessageChunkSchema}).getReader()
  // Text parts in order; a new part after a finished one starts a new paragraph.
  let text = ''
  let partOpen = false
  let finished = false
  let lengthLimit: LengthLimit | undefined
  const stop = (end: ReplyEnd): ReplyEnd => {
    reader.cancel().catch(() => {})
    return end
  }
  try {
    for (;;) {
      const {done, value} = await reader.read()
      if (done) break
      if (!value.success) return stop({text, error: streamErrors.malformed})
      const chunk: UIMessageChunk = value.value
      switch (chunk.type) {
        case 'start':
          handlers.onStart?.(metadataOf(chunk.messageMetadata))
          break
        case 'text-start':
          if (text !== '' && !partOpen) text += '\n\n'
          partOpen = true
          break
        case 'text-delta':
          text += chunk.delta
          handlers.onText?.(text)
          break
        case 'text-end':
          partOpen = false
          break
        case 'error':
          return stop({text, error: chunk.errorText || 'The reply failed.'})
        case 'abort':
          return stop({text, cancelled: true})
        case 'finish':
          finished = true
          if (chunk.finishReason === 'length') lengthLimit = {maxChars: capOf(chunk.messageMetadata)}
          break
        default:
          // Steps, reasoning, metadata, tools: nothing this chat shows.
          break
      }
    }
  } catch (error) {
    if (isAbort(error)) return {text, cancelled: true}
    return {text, error: streamErrors.lost}
  }
  if (!finished) return {text, error: streamErrors.cut}
  return lengthLimit ? {text, cancelled: false, lengthLimit} : {text, cancelled: false}
}

/** Whether `error` is an abort (checked by name: errors crossing realms fail `instanceof`). */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as {name?: unknown}).name === 'AbortError'
}

/** The server's reply cap from the `finish` event (see `ChatFinishMetadata` in server/chat.ts), if it cut the reply. */
function capOf(value: unknown): number | undefined {
  const cap = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).replyCapChars : undefined
  return typeof cap === 'number' ? cap : undefined
}

function metadataOf(value: unknown): ReplyMetadata {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  return {model: typeof record.model === 'string' ? record.model : undefined, offline: record.offline === true}
}
