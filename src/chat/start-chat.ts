/**
 * Start the chat the first time its view opens: read the saved chats, then
 * keep saving them and keep the open conversation rendered.
 */
import {loadChats, startSavingChats} from '../state/chat-persist.ts'
import type {store as appStore} from '../state/store.ts'
import {startChatRenderer} from './chat-renderer.ts'

let started: Promise<void> | undefined

/** Start once; later calls return the same promise. */
export function startChat(store: typeof appStore): Promise<void> {
  started ??= loadChats(store)
    .catch((error: unknown) => console.warn('Offthread: could not read saved chats', error))
    .then(() => {
      startSavingChats(store)
      startChatRenderer(store)
    })
  return started
}
