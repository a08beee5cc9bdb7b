/**
 * Turn what a model stream failed with into the `errorText` the browser shows:
 * one clear sentence, never the upstream key.
 */

interface ErrorLike {
  name?: unknown
  message?: unknown
  statusCode?: unknown
  responseBody?: unknown
  cause?: unknown
  code?: unknown
}

/** A sentence for the user about `error`, with each of `secrets` blanked out. */
export function errorToText(error: unknown, secrets: readonly string[] = []): string {
  return redact(describeError(error), secrets)
}

/** Blank out each of `secrets` in `text`. */
export function redact(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) if (secret) text = text.replaceAll(secret, '***')
  return text
}

function describeError(error: unknown): string {
  const value = (typeof error === 'object' && error !== null ? error : {message: String(error)}) as ErrorLike
  const message = typeof value.message === 'string' ? value.message : 'unknown error'
  // Names, not `instanceof`: the AI SDK marks its errors by name across package copies.
  switch (value.name) {
    case 'IdleTimeoutError':
      return `${message}, so the reply stopped there (see CHAT_IDLE_TIMEOUT_MS).`
    case 'AI_APICallError': {
      const code = findCode(value)
      if (isDropped(value, code)) return droppedText
      const status = typeof value.statusCode === 'number' ? value.statusCode : undefined
      if (status !== undefined && status >= 300) {
        return `The model server answered HTTP ${status}: ${shorten(upstreamMessage(value) ?? message)}`
      }
      if (status !== undefined) return `The model server's reply could not be read: ${shorten(message)}`
      // The address stays in the server's log: the browser has no use for it.
      return `Could not reach the model server${code ? ` (${code})` : ''}. Is it running?`
    }
    case 'AI_JSONParseError':
    case 'AI_TypeValidationError':
      return 'The model server sent a malformed stream chunk, so the reply stopped there.'
    case 'AI_InvalidResponseDataError':
      return `The model server sent an unexpected response: ${shorten(message)}`
  }
  if (isDropped(value, findCode(value))) return droppedText
  return `The reply failed: ${shorten(message)}`
}

const droppedText = 'The connection to the model server dropped in the middle of the reply.'

/** Whether the upstream connection broke after the reply started (undici says `terminated`). */
function isDropped(error: ErrorLike, code: string | undefined): boolean {
  if (code && /^(ECONNRESET|EPIPE|UND_ERR_SOCKET)$/.test(code)) return true
  const cause = error.cause as ErrorLike | undefined
  return error.message === 'terminated' || cause?.message === 'terminated'
}

/** The `error.message` of an OpenAI-style error body, if there is one. */
function upstreamMessage(error: ErrorLike): string | undefined {
  if (typeof error.responseBody !== 'string') return undefined
  try {
    const body = JSON.parse(error.responseBody) as {error?: {message?: unknown}}
    return typeof body.error?.message === 'string' ? body.error.message : undefined
  } catch {
    return error.responseBody.trim() || undefined
  }
}

/** The first `code` (such as `ECONNREFUSED`) along the chain of causes. */
function findCode(error: ErrorLike): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const {code, cause} = current as ErrorLike
    if (typeof code === 'string') return code
    current = cause
  }
  return undefined
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 300 ? `${line.slice(0, 300)}…` : line
}
