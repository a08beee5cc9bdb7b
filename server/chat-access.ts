/**
 * Who may post to `/api/chat`: pages of this origin (or of an allowed one)
 * and clients that are not browsers, each with the shared token when one is
 * set. A refusal is an HTTP status and a sentence for the user.
 */
import {createHash, timingSafeEqual} from 'node:crypto'
import type {IncomingMessage} from 'node:http'
import {isLoopbackHost, type ChatConfig} from './chat-config.ts'

/** Why a request was refused: the status and a sentence for the user. */
export interface Refusal {
  status: number
  error: string
  headers?: Record<string, string>
}

/** The header a 401 carries, naming the scheme the token goes in. */
export const TOKEN_CHALLENGE = 'Bearer realm="offthread-chat"'

/** Check where `request` comes from (`Sec-Fetch-Site`, `Origin`, `Host`); `undefined` lets it through. */
export function checkOrigin(request: IncomingMessage, config: ChatConfig): Refusal | undefined {
  const allowed = config.allowedOrigins ?? []
  const origin = header(request, 'origin')
  // Browsers send both on every POST; a client that is not a browser sends neither.
  const site = header(request, 'sec-fetch-site')
  const listed = origin !== undefined && allowed.includes(origin)
  if (site === 'cross-site' || (site === 'same-site' && !listed)) {
    return forbidden('The chat only answers pages of its own site.')
  }
  const host = header(request, 'host')?.toLowerCase()
  if (origin !== undefined && !listed && hostOf(origin) !== host) {
    return forbidden(`The chat only answers pages of its own origin, not ${origin.slice(0, 100)}.`)
  }
  // A page of another site can reach a server on loopback through a DNS name
  // that resolves to 127.0.0.1, and then is same-origin to it; with no token,
  // only the Host header tells it apart.
  const spends = config.upstream !== undefined && !config.token && !config.allowOpen
  if (spends && !(host && isLoopbackHost(hostname(host))) && !allowed.some((item) => hostOf(item) === host)) {
    return forbidden('Without CHAT_TOKEN, the chat only answers requests to localhost; add this address to CHAT_ALLOWED_ORIGINS.')
  }
  return undefined
}

/** Check the bearer token when one is set; `undefined` lets the request through. */
export function checkToken(request: IncomingMessage, token: string | undefined): Refusal | undefined {
  if (!token) return undefined
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header(request, 'authorization') ?? '')?.[1]
  if (given !== undefined && sameSecret(given, token)) return undefined
  return {
    status: 401,
    error: given === undefined ? 'The chat server needs its access token.' : 'The chat server refused the access token.',
    headers: {'www-authenticate': TOKEN_CHALLENGE},
  }
}

/** Compare in constant time; hashing first makes lengths equal and hides the token's. */
function sameSecret(given: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(token))
}

function forbidden(error: string): Refusal {
  return {status: 403, error}
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** `host:port` of an origin, as a `Host` header would name it (`undefined` for `null` and nonsense). */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

/** The name in a `Host` header, without the port. */
function hostname(host: string): string {
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return ''
  }
}
