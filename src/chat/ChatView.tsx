/** The Chat view: conversations on the left, the open one in the middle, its composer below. */
import './chat.css'
import {useAtomValue, useStore} from 'jotai'
import {useEffect} from 'react'
import {activeConversationIdAtom, chatLoadedAtom, conversationsAtom} from '../state/chat.ts'
import {Composer} from './Composer.tsx'
import {ConversationList} from './ConversationList.tsx'
import {MessageList} from './MessageList.tsx'
import {startChat} from './start-chat.ts'

/** The whole chat. */
export function ChatView() {
  const store = useStore()
  const loaded = useAtomValue(chatLoadedAtom)
  useEffect(() => void startChat(store), [store])
  return (
    <div className="chat">
      <ConversationList />
      <section className="chat-main" aria-label="Conversation">
        <ChatTitle />
        {loaded ? (
          <>
            <MessageList />
            <Composer />
          </>
        ) : (
          <div className="chat-loading">Loading conversations…</div>
        )}
      </section>
    </div>
  )
}

function ChatTitle() {
  const id = useAtomValue(activeConversationIdAtom)
  const title = useAtomValue(conversationsAtom).find((item) => item.id === id)?.title
  return <h1 className="chat-title">{title ?? 'New chat'}</h1>
}
