/**
 * What the chat handler runs on, read from environment variables: the model,
 * who may use it, and how much each client may ask of it.
 */
import {DEFAULT_OPENAI_MODEL, type UpstreamOptions} from './models/openai-compatible.ts'
import {DEFAULT_REPLAY_TPS} from './models/replay.ts'

/** How long an upstream may stay silent, in ms, when `CHAT_IDLE_TIMEOUT_MS` is unset. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000

/** How much one client (one remote address) may ask for. */
export interface ChatLimits {
  /** Requests to `/api/chat` in any 60 s. */
  requestsPerMinute: number
  /** Replies streaming at once. */
  concurrentStreams: number
  /** Characters of one reply; past them it ends with finish reason `length`. */
  maxReplyChars: number
}

/**
 * The limits when their variables are unset: a person chatting stays far
 * below the first two; the third lets every reply fit in the history sent
 * back with the next message (`MAX_MESSAGE_CHARS`).
 */
export const DEFAULT_CHAT_LIMITS: Readonly<ChatLimits> = {requestsPerMinute: 30, concurrentStreams: 3, maxReplyChars: 2_000_000}

/** What the chat handler runs on, and who may use it. */
export interface ChatConfig {
  /** The OpenAI-compatible endpoint; without it, the replay model answers. */
  upstream?: UpstreamOptions | undefined
  /** The replay model's rate, in words per second; `0` for as fast as possible. */
  replayTps: number
  /** The secret every request must send as `Authorization: Bearer …`; unset asks for none. */
  token?: string | undefined
  /** Origins that may post besides the server's own, such as a proxy's `https://chat.example.com`. */
  allowedOrigins?: readonly string[] | undefined
  /** Serve an upstream beyond loopback without a token, and without the loopback `Host` check. */
  allowOpen?: boolean | undefined
  /** Take the client's address from the last `X-Forwarded-For` entry (behind one reverse proxy). */
  trustProxy?: boolean | undefined
  /** Per-client limits; each one unset takes its default. */
  limits?: Partial<ChatLimits> | undefined
  /** Where failed replies are reported; `console.error` by default. */
  log?: ((message: string) => void) | undefined
}

/** Read the chat configuration from environment variables. */
export function chatConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ChatConfig {
  const baseURL = env.OPENAI_BASE_URL?.trim()
  const token = env.CHAT_TOKEN?.trim()
  return {
    replayTps: readNumber(env, 'CHAT_REPLAY_TPS', DEFAULT_REPLAY_TPS, 0),
    upstream: baseURL
      ? {
          baseURL,
          apiKey: env.OPENAI_API_KEY?.trim() || undefined,
          model: env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL,
          idleTimeoutMs: readNumber(env, 'CHAT_IDLE_TIMEOUT_MS', DEFAULT_IDLE_TIMEOUT_MS, 1),
        }
      : undefined,
    token: token || undefined,
    allowedOrigins: readOrigins(env.CHAT_ALLOWED_ORIGINS),
    allowOpen: readFlag(env, 'CHAT_ALLOW_OPEN'),
    trustProxy: readFlag(env, 'CHAT_TRUST_PROXY'),
    limits: {
      requestsPerMinute: readNumber(env, 'CHAT_RATE_PER_MINUTE', DEFAULT_CHAT_LIMITS.requestsPerMinute, 1),
      concurrentStreams: readNumber(env, 'CHAT_MAX_STREAMS', DEFAULT_CHAT_LIMITS.concurrentStreams, 1),
      maxReplyChars: readNumber(env, 'CHAT_MAX_REPLY_CHARS', DEFAULT_CHAT_LIMITS.maxReplyChars, 1),
    },
  }
}

/** Whether `host` (as given to `listen`) only takes connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '')
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name)
}

/**
 * Throw when serving `config` on `host` would let other machines spend the
 * upstream's key: an upstream, no token, an interface beyond loopback, and
 * no explicit `CHAT_ALLOW_OPEN=1`.
 */
export function assertChatExposureAllowed(host: string, config: ChatConfig): void {
  if (!config.upstream || config.token || config.allowOpen || isLoopbackHost(host)) return
  throw new Error(
    `Refusing to start: HOST=${host} lets other machines reach /api/chat, which spends the model server's key ` +
      `(OPENAI_BASE_URL is set), and CHAT_TOKEN is unset.\n` +
      `Set CHAT_TOKEN to a long random secret (the app asks for it once), or set CHAT_ALLOW_OPEN=1 to serve the chat to anyone who can reach the port.`,
  )
}

function readNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min) throw new Error(`Expected \`${name}\` to be a number, ${min} or more, not \`${raw}\``)
  return value
}

function readFlag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase()
  if (!raw || raw === '0' || raw === 'false') return false
  if (raw === '1' || raw === 'true') return true
  throw new Error(`Expected \`${name}\` to be \`1\` or \`0\`, not \`${env[name]}\``)
}

/** Comma-separated origins, each checked and normalised (`https://Example.com/` becomes `https://example.com`). */
function readOrigins(raw: string | undefined): readonly string[] {
  const origins: string[] = []
  for (const item of (raw ?? '').split(',')) {
    const text = item.trim()
    if (!text) continue
    let url: URL | undefined
    try {
      url = new URL(text)
    } catch {
      // Reported below.
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.length > 1 || url.search) {
      throw new Error(`Expected \`CHAT_ALLOWED_ORIGINS\` to list origins such as \`https://chat.example.com\`, not \`${text}\``)
    }
    origins.push(url.origin)
  }
  return origins
}
