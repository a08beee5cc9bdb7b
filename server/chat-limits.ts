/**
 * Per-client limits of `/api/chat`: requests in any 60 s, and replies
 * streaming at once. A client is a remote address.
 */
import type {IncomingMessage} from 'node:http'
import type {ChatLimits} from './chat-config.ts'

/** Why a request must wait, and for how many seconds (`Retry-After`). */
export interface Busy {
  error: string
  retryAfterSeconds: number
}

/** The limiter of one handler. */
export interface ClientLimiter {
  /** Count a request of `client`; `Busy` when it is one too many this minute. */
  admitRequest: (client: string, now?: number) => Busy | undefined
  /** Take a stream slot of `client`: a release function, or `Busy` when all are taken. */
  openStream: (client: string) => (() => void) | Busy
}

const windowMs = 60_000

/**
 * What a client refused for having too many streams is told to wait: there
 * is no telling when one ends, and a reply of the demo model lasts seconds.
 */
export const BUSY_RETRY_SECONDS = 5

interface Client {
  /** When its requests of the last minute came, oldest first. */
  times: number[]
  streams: number
}

/** Create the limiter. Clients with nothing in the last minute are forgotten. */
export function createClientLimiter(limits: Pick<ChatLimits, 'requestsPerMinute' | 'concurrentStreams'>): ClientLimiter {
  const clients = new Map<string, Client>()
  let swept = 0
  const get = (key: string) => {
    let client = clients.get(key)
    if (!client) clients.set(key, (client = {times: [], streams: 0}))
    return client
  }
  const sweep = (now: number) => {
    if (now - swept < windowMs) return
    swept = now
    for (const [key, client] of clients) {
      if (client.streams === 0 && (client.times.at(-1) ?? 0) <= now - windowMs) clients.delete(key)
    }
  }
  return {
    admitRequest(key, now = Date.now()) {
      sweep(now)
      const client = get(key)
      while (client.times.length > 0 && client.times[0]! <= now - windowMs) client.times.shift()
      if (client.times.length >= limits.requestsPerMinute) {
        return {
          error: `Too many chat requests from this address: at most ${limits.requestsPerMinute} a minute.`,
          retryAfterSeconds: Math.max(1, Math.ceil((client.times[0]! + windowMs - now) / 1000)),
        }
      }
      client.times.push(now)
      return undefined
    },
    openStream(key) {
      const client = get(key)
      if (client.streams >= limits.concurrentStreams) {
        const replies = limits.concurrentStreams === 1 ? 'a reply' : `${limits.concurrentStreams} replies`
        return {error: `This address already has ${replies} streaming: wait for one to finish.`, retryAfterSeconds: BUSY_RETRY_SECONDS}
      }
      client.streams++
      let open = true
      return () => {
        if (open) client.streams--
        open = false
      }
    },
  }
}

/** The client's address: the socket's, or behind a trusted proxy the last `X-Forwarded-For` entry. */
export function clientAddress(request: IncomingMessage, trustProxy = false): string {
  const forwarded = trustProxy ? request.headers['x-forwarded-for'] : undefined
  const last = (Array.isArray(forwarded) ? forwarded.at(-1) : forwarded)?.split(',').at(-1)?.trim()
  return last || request.socket.remoteAddress || 'unknown'
}
