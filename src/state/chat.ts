/**
 * Chat: the conversations, their messages, and the composer's drafts. The
 * updaters are pure; `chat/chat-actions.ts` applies them while a reply streams.
 */
import {atom} from 'jotai'

/** A conversation as the list shows it; its messages are in `chatMessagesAtom`. */
export interface Conversation {
  id: string
  title: string
  /** When it was created, in ms since the epoch. */
  createdAt: number
}

/**
 * Where a message stands: `streaming` while its reply arrives, `stopped` when
 * the user stopped it, `error` when it failed, `interrupted` when the page was
 * closed or reloaded while it streamed.
 */
export type MessageStatus = 'done' | 'streaming' | 'stopped' | 'error' | 'interrupted'

/** One message of a conversation. */
export interface ChatMessage {
  id: string
  role: 'user' | 'assistant'
  text: string
  status: MessageStatus
  /** Why the reply failed, for `error`. */
  error?: string | undefined
  /** The model that wrote the reply, from the stream's `start` event. */
  model?: string | undefined
  /** Whether the reply came from the offline demo model. */
  offline?: boolean | undefined
  /** Set when the reply stopped at a length limit: the server's cap in characters, or the model's own (no number). */
  lengthLimit?: LengthLimit | undefined
}

/** The length limit a reply stopped at. */
export interface LengthLimit {
  /** The server's cap (`CHAT_MAX_REPLY_CHARS`); `undefined` when the model stopped itself. */
  maxChars: number | undefined
}

/** Messages by conversation id. */
export type ChatMessages = Readonly<Record<string, readonly ChatMessage[]>>

/** Every conversation, newest first. */
export const conversationsAtom = atom<readonly Conversation[]>([])

/** The messages of every conversation, by id. */
export const chatMessagesAtom = atom<ChatMessages>({})

/** Id of the open conversation; `undefined` before the first message of a new chat. */
export const activeConversationIdAtom = atom<string | undefined>(undefined)

/** What the composer holds, by conversation id (`''` for a chat not started yet). */
export const composerDraftsAtom = atom<Readonly<Record<string, string>>>({})

/** Whether the saved chats have been read (the view waits for them). */
export const chatLoadedAtom = atom(false)

/** Why the last send was refused, shown above the composer until the next send. */
export const sendErrorAtom = atom<string | undefined>(undefined)

/** The open conversation's messages. */
export const activeMessagesAtom = atom((get) => {
  const id = get(activeConversationIdAtom)
  return id === undefined ? noMessages : (get(chatMessagesAtom)[id] ?? noMessages)
})

/**
 * The id of the open conversation's reply that is streaming, if any: an id,
 * not the message, so that what reads it renders again when a reply starts
 * or ends, not on every chunk of its text.
 */
export const streamingReplyIdAtom = atom((get) => get(activeMessagesAtom).find((message) => message.status === 'streaming')?.id)

/** The draft key of a conversation: `''` stands for a new chat. */
export const draftKey = (conversationId: string | undefined) => conversationId ?? ''

/** The open conversation's draft; writing it edits that draft. */
export const composerTextAtom = atom(
  (get) => get(composerDraftsAtom)[draftKey(get(activeConversationIdAtom))] ?? '',
  (get, set, text: string) => set(composerDraftsAtom, (drafts) => setDraft(drafts, draftKey(get(activeConversationIdAtom)), text)),
)

const noMessages: readonly ChatMessage[] = []

/** `list` with `conversation` first. */
export function addConversation(list: readonly Conversation[], conversation: Conversation): readonly Conversation[] {
  return [conversation, ...list]
}

/** `list` without conversation `id`. */
export function removeConversation(list: readonly Conversation[], id: string): readonly Conversation[] {
  return list.filter((item) => item.id !== id)
}

/** `list` with conversation `id` retitled; a blank title leaves it unchanged. */
export function renameConversation(list: readonly Conversation[], id: string, title: string): readonly Conversation[] {
  const trimmed = title.replace(/\s+/g, ' ').trim()
  const found = list.find((item) => item.id === id)
  if (!found || !trimmed || trimmed === found.title) return list
  return list.map((item) => (item.id === id ? {...item, title: trimmed} : item))
}

/** `list` with conversation `id` moved to the top (it got a new message). */
export function touchConversation(list: readonly Conversation[], id: string): readonly Conversation[] {
  const index = list.findIndex((item) => item.id === id)
  if (index <= 0) return list
  return [list[index]!, ...list.slice(0, index), ...list.slice(index + 1)]
}

/** A conversation title from its first message: the first line, shortened. */
export function titleFromText(text: string): string {
  const line = text.split('\n').find((item) => item.trim() !== '') ?? ''
  const plain = line
    .replace(/^[#>\-*+\s]+/, '')
    .replace(/[*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (!plain) return 'New chat'
  return plain.length > 48 ? `${plain.slice(0, 47).trimEnd()}…` : plain
}

/** `messages` with `message` appended to conversation `conversationId`. */
export function addMessage(messages: ChatMessages, conversationId: string, message: ChatMessage): ChatMessages {
  return {...messages, [conversationId]: [...(messages[conversationId] ?? []), message]}
}

/** `messages` with message `id` of conversation `conversationId` changed by `change`; the same object if it is missing. */
export function updateMessage(messages: ChatMessages, conversationId: string, id: string, change: (message: ChatMessage) => ChatMessage): ChatMessages {
  const list = messages[conversationId]
  const index = list?.findIndex((message) => message.id === id) ?? -1
  if (!list || index < 0) return messages
  const next = change(list[index]!)
  if (next === list[index]) return messages
  return {...messages, [conversationId]: list.with(index, next)}
}

/** `messages` without message `id` (and, with `andAfter`, every message after it). */
export function removeMessage(messages: ChatMessages, conversationId: string, id: string, andAfter = false): ChatMessages {
  const list = messages[conversationId]
  const index = list?.findIndex((message) => message.id === id) ?? -1
  if (!list || index < 0) return messages
  const kept = andAfter ? list.slice(0, index) : list.toSpliced(index, 1)
  return {...messages, [conversationId]: kept}
}

/** `messages` without conversation `id`. */
export function removeConversationMessages(messages: ChatMessages, id: string): ChatMessages {
  const {[id]: _removed, ...rest} = messages
  return rest
}

/** A reply with its text so far. */
export function withReplyText(message: ChatMessage, text: string): ChatMessage {
  return message.text === text ? message : {...message, text}
}

/**
 * How a reply ended, as the stream reader reports it: finished or cancelled,
 * or failed (with the HTTP `status` when the server refused the request).
 */
export type ReplyEnd = {text: string; cancelled: boolean; lengthLimit?: LengthLimit | undefined} | {text: string; error: string; status?: number | undefined}

/** A reply once its stream has ended: done, stopped, or failed with its partial text kept. */
export function endReply(message: ChatMessage, end: ReplyEnd): ChatMessage {
  if ('error' in end) return {...message, text: end.text, status: 'error', error: end.error}
  return {...message, text: end.text, status: end.cancelled ? 'stopped' : 'done', error: undefined, lengthLimit: end.lengthLimit}
}

/** Messages read back after a reload: a reply that was streaming is kept, marked interrupted. */
export function markInterrupted(list: readonly ChatMessage[]): readonly ChatMessage[] {
  return list.some((message) => message.status === 'streaming')
    ? list.map((message) => (message.status === 'streaming' ? {...message, status: 'interrupted'} : message))
    : list
}

/** The last assistant message of `list`, if it is the last message. */
export function lastReply(list: readonly ChatMessage[]): ChatMessage | undefined {
  const last = list.at(-1)
  return last?.role === 'assistant' ? last : undefined
}

/** `drafts` with `key` set to `text`; empty drafts are dropped. */
export function setDraft(drafts: Readonly<Record<string, string>>, key: string, text: string): Readonly<Record<string, string>> {
  if ((drafts[key] ?? '') === text) return drafts
  const {[key]: _old, ...rest} = drafts
  return text === '' ? rest : {...rest, [key]: text}
}
