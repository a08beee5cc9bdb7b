/**
 * What the chat does, outside React: send a message, stream the reply into
 * the store, stop, regenerate and retry, and manage conversations.
 */
import {
  activeConversationIdAtom,
  addConversation,
  addMessage,
  chatMessagesAtom,
  composerDraftsAtom,
  conversationsAtom,
  draftKey,
  endReply,
  removeConversation,
  removeConversationMessages,
  removeMessage,
  renameConversation,
  sendErrorAtom,
  setDraft,
  titleFromText,
  touchConversation,
  updateMessage,
  withReplyText,
  type ChatMessage,
  type ReplyEnd,
} from '../state/chat.ts'
import {chatTokenAtom, tokenRequestAtom} from '../state/chat-access.ts'
import type {store as appStore} from '../state/store.ts'
import type {ChatRequestBody} from './fetch-reply.ts'
import type {StreamHandlers} from './read-stream.ts'
import {isPageLeaving} from './page-leaving.ts'

type Store = typeof appStore

/** Abort controllers of the replies streaming now, by message id. */
const streams = new Map<string, AbortController>()

/** Send `text` in the open conversation (a new one if none is open) and stream the reply. */
export function sendMessage(store: Store, text: string): void {
  if (text.trim() === '') return
  let conversationId = store.get(activeConversationIdAtom)
  if (conversationId !== undefined && isStreaming(store, conversationId)) return
  store.set(composerDraftsAtom, (drafts) => setDraft(drafts, draftKey(conversationId), ''))
  if (conversationId === undefined) {
    conversationId = crypto.randomUUID()
    store.set(conversationsAtom, (list) => addConversation(list, {id: conversationId!, title: titleFromText(text), createdAt: Date.now()}))
    store.set(activeConversationIdAtom, conversationId)
  }
  store.set(sendErrorAtom, undefined)
  const message: ChatMessage = {id: crypto.randomUUID(), role: 'user', text, status: 'done'}
  store.set(chatMessagesAtom, (messages) => addMessage(messages, conversationId, message))
  void streamReply(store, conversationId, 'submit-message', message)
}

/** Replace reply `replyId` (and anything after it) with a new one: Regenerate, and Retry after an error. */
export function regenerateReply(store: Store, conversationId: string, replyId: string): void {
  if (isStreaming(store, conversationId)) return
  store.set(sendErrorAtom, undefined)
  store.set(chatMessagesAtom, (messages) => removeMessage(messages, conversationId, replyId, true))
  void streamReply(store, conversationId, 'regenerate-message', undefined, replyId)
}

/** Keep the access token the user entered, close the form, and send what the composer holds. */
export function saveChatToken(store: Store, token: string): void {
  store.set(chatTokenAtom, token.trim())
  store.set(tokenRequestAtom, undefined)
  const conversationId = store.get(activeConversationIdAtom)
  const draft = store.get(composerDraftsAtom)[draftKey(conversationId)] ?? ''
  if (draft.trim() !== '') sendMessage(store, draft)
}

/** Stop reply `replyId`; the text received so far stays. */
export function stopReply(replyId: string): void {
  streams.get(replyId)?.abort()
}

/** Open a new, empty chat (the conversation is created with its first message). */
export function newChat(store: Store): void {
  store.set(activeConversationIdAtom, undefined)
  store.set(sendErrorAtom, undefined)
}

/** Open conversation `id`. */
export function openConversation(store: Store, id: string): void {
  store.set(activeConversationIdAtom, id)
  store.set(sendErrorAtom, undefined)
}

/** Rename conversation `id` (a blank title is ignored). */
export function renameChat(store: Store, id: string, title: string): void {
  store.set(conversationsAtom, (list) => renameConversation(list, id, title))
}

/** Delete conversation `id`, stopping its reply if one streams. */
export function deleteChat(store: Store, id: string): void {
  for (const message of store.get(chatMessagesAtom)[id] ?? []) stopReply(message.id)
  store.set(conversationsAtom, (list) => removeConversation(list, id))
  store.set(chatMessagesAtom, (messages) => removeConversationMessages(messages, id))
  store.set(composerDraftsAtom, (drafts) => setDraft(drafts, id, ''))
  if (store.get(activeConversationIdAtom) === id) newChat(store)
}

function isStreaming(store: Store, conversationId: string): boolean {
  return (store.get(chatMessagesAtom)[conversationId] ?? []).some((message) => message.status === 'streaming')
}

/**
 * Stream a new reply to the conversation's messages. `sent` is the user
 * message just sent: if the server refuses the request outright (a 4xx), it
 * is taken back and its text returns to the composer, so nothing is lost.
 */
async function streamReply(
  store: Store,
  conversationId: string,
  trigger: ChatRequestBody['trigger'],
  sent?: ChatMessage,
  regeneratedId?: string,
): Promise<void> {
  const history = store.get(chatMessagesAtom)[conversationId] ?? []
  const reply: ChatMessage = {id: crypto.randomUUID(), role: 'assistant', text: '', status: 'streaming'}
  const change = (update: (message: ChatMessage) => ChatMessage) =>
    store.set(chatMessagesAtom, (messages) => updateMessage(messages, conversationId, reply.id, update))
  store.set(chatMessagesAtom, (messages) => addMessage(messages, conversationId, reply))
  store.set(conversationsAtom, (list) => touchConversation(list, conversationId))

  const controller = new AbortController()
  streams.set(reply.id, controller)
  // One read of the stream can bring hundreds of deltas: they go into the
  // store once, in a task right after them. A model's chunk is shown as soon
  // as it comes; the render worker keeps only the newest text while it is busy.
  let latest = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    timer = undefined
    change((message) => withReplyText(message, latest))
  }
  let end: ReplyEnd
  const token = store.get(chatTokenAtom)
  try {
    // The stream reader brings the AI SDK and zod along: loaded on the first reply, not with the app.
    const {chatRequest, fetchReply} = await import('./fetch-reply.ts')
    const body = chatRequest(conversationId, history, trigger, regeneratedId)
    const handlers: StreamHandlers = {
      onStart: ({model, offline}) => change((message) => ({...message, model, offline})),
      onText: (text) => {
        latest = text
        timer ??= setTimeout(flush)
      },
    }
    end = await fetchReply(body, controller.signal, handlers, token)
  } catch (error) {
    // `fetchReply` does not throw; a chunk that fails to load or a bug must not leave the reply "streaming".
    end = {text: latest, error: error instanceof Error ? error.message : String(error)}
  } finally {
    clearTimeout(timer)
    streams.delete(reply.id)
  }
  // The server wants its access token: the token form opens, and asks once.
  if ('error' in end && end.status === 401) store.set(tokenRequestAtom, token ? 'refused' : 'missing')
  if (sent && 'error' in end && end.status !== undefined && end.status >= 400 && end.status < 500 && end.text === '') {
    takeBack(store, conversationId, sent, reply.id, end.status === 401 ? undefined : end.error)
    return
  }
  // A reply cut off because the page is unloading is saved as interrupted, like one still streaming at the reload.
  if ('error' in end && isPageLeaving()) change((message) => ({...message, text: end.text, status: 'interrupted'}))
  else change((message) => endReply(message, end))
}

/** Withdraw a refused message: its text goes back in front of the composer's draft, with the reason shown (if any). */
function takeBack(store: Store, conversationId: string, sent: ChatMessage, replyId: string, reason: string | undefined): void {
  store.set(chatMessagesAtom, (messages) => removeMessage(removeMessage(messages, conversationId, replyId), conversationId, sent.id))
  store.set(composerDraftsAtom, (drafts) => {
    const draft = drafts[conversationId] ?? ''
    return setDraft(drafts, conversationId, draft ? `${sent.text}\n\n${draft}` : sent.text)
  })
  if (store.get(activeConversationIdAtom) === conversationId) store.set(sendErrorAtom, reason)
}
