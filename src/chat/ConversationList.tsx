/** The conversations: open one, start a new chat, rename, delete. */
import {atom, useAtomValue, useStore} from 'jotai'
import {useMemo, useState} from 'react'
import {activeConversationIdAtom, chatMessagesAtom, conversationsAtom, type Conversation} from '../state/chat.ts'
import {PencilIcon, TrashIcon} from '../ui/icons.tsx'
import {deleteChat, newChat, openConversation, renameChat} from './chat-actions.ts'
import {ChatIcon, ComposeIcon} from './chat-icons.tsx'

/** The sidebar with every conversation, newest first. */
export function ConversationList() {
  const store = useStore()
  const list = useAtomValue(conversationsAtom)
  const activeId = useAtomValue(activeConversationIdAtom)
  return (
    <nav className="chat-sidebar" aria-label="Conversations">
      <button type="button" className="button new-chat" onClick={() => newChat(store)}>
        <ComposeIcon /> New chat
      </button>
      {list.length === 0 ? (
        <p className="chat-sidebar-empty">Your conversations will appear here.</p>
      ) : (
        <ul className="conversation-list">
          {list.map((conversation) => (
            <ConversationItem key={conversation.id} conversation={conversation} active={conversation.id === activeId} />
          ))}
        </ul>
      )}
    </nav>
  )
}

function ConversationItem({conversation, active}: {conversation: Conversation; active: boolean}) {
  const store = useStore()
  // A yes or no, so that a chunk of a streaming reply renders no item again.
  const streamingAtom = useMemo(
    () => atom((get) => get(chatMessagesAtom)[conversation.id]?.some((message) => message.status === 'streaming') ?? false),
    [conversation.id],
  )
  const streaming = useAtomValue(streamingAtom)
  const [draft, setDraft] = useState<string | undefined>(undefined)
  const {id, title} = conversation

  if (draft !== undefined) {
    return (
      <RenameField
        draft={draft}
        onChange={setDraft}
        onDone={(commit) => {
          if (commit) renameChat(store, id, draft)
          setDraft(undefined)
        }}
      />
    )
  }
  return (
    <li className={active ? 'conversation active' : 'conversation'}>
      <button
        type="button"
        className="conversation-open"
        aria-current={active}
        onClick={() => openConversation(store, id)}
        onDoubleClick={() => setDraft(title)}
      >
        <ChatIcon />
        <span className="conversation-title">{title}</span>
        {streaming && <span className="conversation-streaming" role="img" aria-label="Reply streaming" />}
      </button>
      <button type="button" className="conversation-action" aria-label={`Rename ${title}`} title="Rename" onClick={() => setDraft(title)}>
        <PencilIcon />
      </button>
      <button
        type="button"
        className="conversation-action delete"
        aria-label={`Delete ${title}`}
        title="Delete"
        onClick={() => {
          if (confirm(`Delete “${title}”? This cannot be undone.`)) deleteChat(store, id)
        }}
      >
        <TrashIcon />
      </button>
    </li>
  )
}

/** The conversation's name being edited: Enter or leaving the field keeps it, Escape drops it. */
function RenameField({draft, onChange, onDone}: {draft: string; onChange: (draft: string) => void; onDone: (commit: boolean) => void}) {
  return (
    <li className="conversation active">
      <input
        className="conversation-rename"
        aria-label="Conversation name"
        value={draft}
        // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to rename
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onDone(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onDone(true)
          if (event.key === 'Escape') onDone(false)
        }}
      />
    </li>
  )
}
