/**
 * Chats in IndexedDB (idb-keyval), in a database of their own: the list, the
 * open conversation, the drafts, and each conversation's messages under its
 * own key, so a streaming reply rewrites one conversation, not all. Saving is
 * throttled (a reply streams for many seconds without a pause) and flushed
 * when the page is hidden or unloaded; a reply cut off by a reload is read
 * back marked interrupted.
 */
import {createStore as createIdbStore, getMany, promisifyRequest, type UseStore} from 'idb-keyval'
import {
  activeConversationIdAtom,
  chatLoadedAtom,
  chatMessagesAtom,
  composerDraftsAtom,
  conversationsAtom,
  markInterrupted,
  type ChatMessage,
  type ChatMessages,
  type Conversation,
  type MessageStatus,
} from './chat.ts'
import type {store as appStore} from './store.ts'

type Store = typeof appStore

const listKey = 'conversations'
const activeKey = 'active'
const draftsKey = 'drafts'
const messagesKey = (id: string) => `messages:${id}`

/** Milliseconds between two saves at most. */
export const chatSaveInterval = 500

let idb: UseStore | undefined
const database = () => (idb ??= createIdbStore('offthread-chat', 'chats'))

/** Read the saved chats into `store`, then mark them loaded. */
export async function loadChats(store: Store): Promise<void> {
  try {
    const [list, active, drafts] = await getMany([listKey, activeKey, draftsKey], database())
    const conversations = parseConversations(list)
    const saved = await getMany(conversations.map((conversation) => messagesKey(conversation.id)), database())
    store.set(conversationsAtom, conversations)
    store.set(chatMessagesAtom, Object.fromEntries(conversations.map((item, index) => [item.id, markInterrupted(parseMessages(saved[index]))])))
    store.set(composerDraftsAtom, parseDrafts(drafts))
    if (conversations.some((item) => item.id === active)) store.set(activeConversationIdAtom, active as string)
  } finally {
    store.set(chatLoadedAtom, true)
  }
}

/** Save whenever the chats change; returns a stop function. */
export function startSavingChats(store: Store): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let savedList = store.get(conversationsAtom)
  let savedMessages: ChatMessages = store.get(chatMessagesAtom)
  let savedActive = store.get(activeConversationIdAtom)
  let savedDrafts = store.get(composerDraftsAtom)

  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    const list = store.get(conversationsAtom)
    const messages = store.get(chatMessagesAtom)
    const active = store.get(activeConversationIdAtom)
    const drafts = store.get(composerDraftsAtom)
    const entries: [IDBValidKey, unknown][] = []
    for (const [id, items] of Object.entries(messages)) if (savedMessages[id] !== items) entries.push([messagesKey(id), items])
    if (list !== savedList) entries.push([listKey, list])
    if (active !== savedActive) entries.push([activeKey, active])
    if (drafts !== savedDrafts) entries.push([draftsKey, drafts])
    const removed = Object.keys(savedMessages).filter((id) => !(id in messages)).map(messagesKey)
    savedList = list
    savedMessages = messages
    savedActive = active
    savedDrafts = drafts
    if (entries.length > 0 || removed.length > 0) write(entries, removed).catch(reportOnce)
  }
  // Throttled, not debounced: a streaming reply changes every few ms and must still be saved as it goes.
  const schedule = () => {
    timer ??= setTimeout(flush, chatSaveInterval)
  }
  const onHide = () => {
    if (timer !== undefined) flush()
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHide()
  }

  const stops = [conversationsAtom, chatMessagesAtom, activeConversationIdAtom, composerDraftsAtom].map((anAtom) => store.sub(anAtom, schedule))
  addEventListener('pagehide', onHide)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    onHide()
    for (const stop of stops) stop()
    removeEventListener('pagehide', onHide)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}

/** Put `entries` and delete `removed` in one transaction, committed at once (see `state/persist.ts`). */
function write(entries: [IDBValidKey, unknown][], removed: IDBValidKey[]): Promise<void> {
  return database()('readwrite', (store) => {
    for (const [key, value] of entries) store.put(value, key)
    for (const key of removed) store.delete(key)
    store.transaction.commit()
    return promisifyRequest(store.transaction)
  })
}

const statuses = new Set<MessageStatus>(['done', 'streaming', 'stopped', 'error', 'interrupted'])

/** Saved conversations, skipping anything malformed. */
export function parseConversations(value: unknown): Conversation[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) => {
    const {id, title, createdAt} = record(item)
    if (typeof id !== 'string' || typeof title !== 'string') return []
    return [{id, title, createdAt: typeof createdAt === 'number' ? createdAt : 0}]
  })
}

/** Saved messages, skipping anything malformed. */
export function parseMessages(value: unknown): ChatMessage[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown): ChatMessage[] => {
    const {id, role, text, status, error, model, offline} = record(item)
    if (typeof id !== 'string' || (role !== 'user' && role !== 'assistant') || typeof text !== 'string') return []
    return [
      {
        id,
        role,
        text,
        status: statuses.has(status as MessageStatus) ? (status as MessageStatus) : 'done',
        error: typeof error === 'string' ? error : undefined,
        model: typeof model === 'string' ? model : undefined,
        offline: typeof offline === 'boolean' ? offline : undefined,
      },
    ]
  })
}

/** Saved drafts: string values only. */
export function parseDrafts(value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(record(value)).filter(([, text]) => typeof text === 'string' && text !== '')) as Record<string, string>
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

let reported = false
function reportOnce(error: unknown): void {
  if (reported) return
  reported = true
  console.warn('Offthread: could not save chats to IndexedDB; they will be lost on reload.', error)
}
