/**
 * Mount `POST /api/chat` in Vite's dev and preview servers, with the same
 * handler `npm start` uses, so `npm run dev` chats like production. The
 * preview server also sends production's HTML headers (the
 * Content-Security-Policy among them), so the end-to-end tests, which run
 * against `vite preview`, run under the policy.
 */
import type {ServerResponse} from 'node:http'
import type {Connect, Plugin} from 'vite'
import {HTML_HEADERS} from './static.ts'

/** The Vite plugin that serves `/api/chat`; reads the same environment variables as `npm start`. */
export function chatServerPlugin(): Plugin {
  return {
    name: 'offthread:chat-server',
    async configureServer(server) {
      // No CSP in dev: Vite's React preamble is an inline script.
      server.middlewares.use('/api/chat', await chatMiddleware(server.config.server.host))
    },
    async configurePreviewServer(server) {
      server.middlewares.use(htmlHeadersMiddleware)
      server.middlewares.use('/api/chat', await chatMiddleware(server.config.preview.host))
    },
  }
}

/** The chat handler; `host` is Vite's `--host` (`true` for every interface, unset for localhost). */
async function chatMiddleware(host: string | boolean | undefined): Promise<Connect.NextHandleFunction> {
  // Loaded on demand: builds and Vitest also load the config, and need no AI SDK.
  const [{createChatHandler}, {assertChatExposureAllowed, chatConfigFromEnv}] = await Promise.all([import('./chat.ts'), import('./chat-config.ts')])
  const config = chatConfigFromEnv()
  assertChatExposureAllowed(host === true ? '0.0.0.0' : host || 'localhost', config)
  const handleChat = createChatHandler(config)
  // Connect strips the mount path; the handler does not look at the URL.
  return (request, response, next) => void handleChat(request, response).catch(next)
}

/**
 * Add `HTML_HEADERS` to every response that turns out to be HTML, as
 * server/static.ts does. Which middleware answers (sirv, the SPA fallback)
 * and its content type are only known when the head is written, so this
 * wraps `writeHead`; Node's implicit head goes through it too.
 */
const htmlHeadersMiddleware: Connect.NextHandleFunction = (_request, response, next) => {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse
  response.writeHead = ((...args: unknown[]) => {
    if (contentType(response, args).startsWith('text/html')) {
      for (const [name, value] of Object.entries(HTML_HEADERS)) response.setHeader(name, value)
    }
    return writeHead(...args)
  }) as ServerResponse['writeHead']
  next()
}

/** The content type a `writeHead(status, [message], [headers])` call is about to send. */
function contentType(response: ServerResponse, args: unknown[]): string {
  const headers = args.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as Record<string, unknown> | undefined
  const fromArgs = headers && Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  return String(fromArgs ?? response.getHeader('content-type') ?? '').toLowerCase()
}
