/**
 * Mount `POST /api/chat` in Vite's dev and preview servers, with the same
 * handler `npm start` uses, so `npm run dev` chats like production.
 */
import type {Connect, Plugin} from 'vite'

/** The Vite plugin that serves `/api/chat`; reads the same environment variables as `npm start`. */
export function chatServerPlugin(): Plugin {
  return {
    name: 'offthread:chat-server',
    async configureServer(server) {
      server.middlewares.use('/api/chat', await chatMiddleware())
    },
    async configurePreviewServer(server) {
      server.middlewares.use('/api/chat', await chatMiddleware())
    },
  }
}

async function chatMiddleware(): Promise<Connect.NextHandleFunction> {
  // Loaded on demand: builds and Vitest also load the config, and need no AI SDK.
  const {chatConfigFromEnv, createChatHandler} = await import('./chat.ts')
  const handleChat = createChatHandler(chatConfigFromEnv())
  // Connect strips the mount path; the handler does not look at the URL.
  return (request, response, next) => void handleChat(request, response).catch(next)
}
