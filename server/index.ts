/**
 * The production server: one Node HTTP server that serves the built app from
 * `dist/` and mounts `POST /api/chat`. `npm run build` compiles it to
 * `dist/server/index.js`, which `npm start` runs with plain Node
 * (server/start.js).
 */
import {createServer, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {assertChatExposureAllowed, chatConfigFromEnv} from './chat-config.ts'
import {createChatHandler, sendJson, type ChatConfig} from './chat.ts'
import {createStaticHandler} from './static.ts'

/** The port when `PORT` is unset; Vite's dev server has 5173 and its preview 4173. */
export const DEFAULT_PORT = 8787

/** The interface when `HOST` is unset: this machine only. */
export const DEFAULT_HOST = '127.0.0.1'

/** Options of `startServer`. */
export interface ServerOptions {
  /** The built app; `dist/` of the repository by default. */
  distDir?: string
  chat: ChatConfig
  /** `0` picks a free port. */
  port?: number
  host?: string
  /** Where the line logged for each request goes; standard output by default. */
  requestLog?: (line: string) => void
}

/** A server that listens, and how to stop it. */
export interface RunningServer {
  /** Origin without a trailing slash, such as `http://127.0.0.1:8787`. */
  url: string
  server: Server
  /**
   * Stop accepting connections and resolve once the open ones have ended:
   * replies streaming get `graceMs` to finish, then are cut (at once by
   * default).
   */
  close: (graceMs?: number) => Promise<void>
}

/** How long replies still streaming get to finish when the server is told to stop (SIGTERM, SIGINT). */
export const shutdownGraceMs = 5_000

// From the sources (server/index.ts) the build is in dist/; the built server
// runs from dist/server/index.js, inside it.
const builtApp = fileURLToPath(new URL(import.meta.url.endsWith('.js') ? '..' : '../dist', import.meta.url))

/**
 * Start the server and resolve once it listens. Rejects, before listening,
 * when the chat would be open beyond loopback (see `assertChatExposureAllowed`).
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST
  assertChatExposureAllowed(host, options.chat)
  const chat = createChatHandler(options.chat)
  // The compiled server sits in dist/server/: code, not part of the app.
  const files = createStaticHandler(options.distDir ?? builtApp, {hidden: ['server']})
  const log = options.chat.log ?? ((message: string) => console.error(message))
  const requestLog = options.requestLog ?? ((line: string) => console.log(line))
  const started = Date.now()

  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
    logRequest(request.method ?? '?', pathname, response, requestLog)
    const handle =
      pathname === '/api/chat'
        ? chat
        : pathname === '/healthz'
          ? async () => sendJson(response, 200, {status: 'ok', uptimeSeconds: Math.round((Date.now() - started) / 1000)})
          : pathname.startsWith('/api/')
            ? async () => sendJson(response, 404, {error: `No API route \`${pathname}\``})
            : files
    handle(request, response).catch((error: unknown) => {
      // A bug, not bad input: log it, answer 500 if still possible, stay up.
      log(`${request.method} ${pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      if (!response.headersSent) sendJson(response, 500, {error: 'Internal server error'})
      else response.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const {address, port} = server.address() as AddressInfo
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    server,
    close: (graceMs = 0) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Keep-alive connections with no request in flight would hold `close` open.
        server.closeIdleConnections()
        // Streams in flight would keep it waiting for minutes.
        setTimeout(() => server.closeAllConnections(), graceMs).unref()
      }),
  }
}

/**
 * One line when `response` ends: method, path (never the query, which may
 * carry a secret), status and milliseconds; `aborted` when the client left
 * first. Never a body or a header.
 */
function logRequest(method: string, pathname: string, response: ServerResponse, log: (line: string) => void): void {
  const started = performance.now()
  response.once('close', () => {
    const status = response.writableFinished ? String(response.statusCode) : 'aborted'
    log(`${method} ${pathname} ${status} ${Math.round(performance.now() - started)}ms`)
  })
}

/** Start from the environment (`PORT`, `HOST`, the chat's variables) and stop on SIGTERM or SIGINT. */
export async function main(): Promise<void> {
  const chat = chatConfigFromEnv()
  const port = process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`Expected \`PORT\` to be a port number, not \`${process.env.PORT}\``)
  }
  const running = await startServer({chat, port, host: process.env.HOST || DEFAULT_HOST})
  const model = chat.upstream
    ? `${chat.upstream.model} at ${new URL(chat.upstream.baseURL).host} (OpenAI-compatible)`
    : `the offline demo model at ${chat.replayTps || 'unlimited'} words/s (set OPENAI_BASE_URL for a real one)`
  const access = chat.token ? 'token required (CHAT_TOKEN)' : 'no token'
  console.log(`Offthread on ${running.url}\nChat: ${model}; ${access}`)
  const stop = () => {
    console.log(`Stopping: replies still streaming get ${shutdownGraceMs / 1000} s to finish.`)
    void running.close(shutdownGraceMs).then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

/** Run `main`, and exit with its message when it fails (a bad variable, a port in use). */
export function run(): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) run()
