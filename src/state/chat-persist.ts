/**
 * Chats in IndexedDB (idb-keyval), in a database of their own: the list, the
 * open conversation, the drafts, and each conversation's messages under its
 * own key, so a streaming reply rewrites one conversation, not all. Saving is
 * throttled (a reply streams for many seconds without a pause) and flushed
 * when the page is hidden or unloaded; a reply cut off by a reload is read
 * back marked interrupted.
 */
import {createStore as createIdbStore, getMany, type UseStore} from 'idb-keyval'
import {
  activeConversationIdAtom,
  chatLoadedAtom,
  chatMessagesAtom,
  composerDraftsAtom,
  conversationsAtom,
  markInterrupted,
  type ChatMessage,
  type Conversation,
  type MessageStatus,
} from './chat.ts'
import {startSaver} from './idb-saver.ts'
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
    const saved = await getMany(
      conversations.map((conversation) => messagesKey(conversation.id)),
      database(),
    )
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
  return startSaver(store, {
    database,
    snapshot: () => {
      const entries = new Map<string, unknown>(Object.entries(store.get(chatMessagesAtom)).map(([id, items]) => [messagesKey(id), items]))
      entries.set(listKey, store.get(conversationsAtom))
      entries.set(activeKey, store.get(activeConversationIdAtom))
      entries.set(draftsKey, store.get(composerDraftsAtom))
      return entries
    },
    watch: [conversationsAtom, chatMessagesAtom, activeConversationIdAtom, composerDraftsAtom],
    // Throttled, not debounced: a streaming reply changes every few ms and must still be saved as it goes.
    mode: 'throttle',
    delayMs: chatSaveInterval,
    what: 'chats',
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
    const {id, role, text, status, error, model, offline, lengthLimit} = record(item)
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
        lengthLimit: parseLengthLimit(lengthLimit),
      },
    ]
  })
}

function parseLengthLimit(value: unknown): ChatMessage['lengthLimit'] {
  if (typeof value !== 'object' || value === null) return undefined
  const {maxChars} = value as Record<string, unknown>
  return {maxChars: typeof maxChars === 'number' ? maxChars : undefined}
}

/** Saved drafts: string values only. */
export function parseDrafts(value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(record(value)).filter(([, text]) => typeof text === 'string' && text !== '')) as Record<string, string>
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}
