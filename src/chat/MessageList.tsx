/** The open conversation's messages; follows a streaming reply unless the user scrolled up. */
import {useAtomValue, useStore} from 'jotai'
import {useEffect, useLayoutEffect, useRef} from 'react'
import {activeConversationIdAtom, activeMessagesAtom} from '../state/chat.ts'
import {sendMessage} from './chat-actions.ts'
import {ArrowDownIcon} from './chat-icons.tsx'
import {Message} from './Message.tsx'
import {useStickToEnd} from './use-stick-to-end.ts'

const suggestions = [
  {label: 'Code in three languages', prompt: 'Write fibonacci in TypeScript, Python and Rust'},
  {label: 'A comparison table', prompt: 'Compare sorting algorithms in a table'},
  {label: 'Some math', prompt: 'Explain the quadratic formula with equations'},
  {label: 'A long answer', prompt: '/long 20k'},
]

/** The messages, or a start screen for a new chat. */
export function MessageList() {
  const store = useStore()
  const conversationId = useAtomValue(activeConversationIdAtom)
  const messages = useAtomValue(activeMessagesAtom)
  const scroller = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const {atEnd, scrollToEnd} = useStickToEnd(scroller, content)
  const count = messages.length
  const lastRole = messages.at(-1)?.role

  // Opening a conversation shows its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening another conversation shows its end
  useLayoutEffect(() => scrollToEnd(), [conversationId, scrollToEnd])
  // Sending a message follows its reply, wherever the view was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message is followed
  useEffect(() => {
    if (lastRole === 'assistant' || lastRole === 'user') scrollToEnd()
  }, [count, lastRole, scrollToEnd])

  const lastIndex = messages.findLastIndex((message) => message.role === 'assistant')
  return (
    <div className="chat-messages-pane">
      <div ref={scroller} className="chat-scroll">
        <div ref={content} className="chat-messages">
          {conversationId === undefined || count === 0 ? (
            <div className="chat-welcome">
              <h2>What shall we render?</h2>
              <p>Replies stream in as markdown and render off the main thread: code, tables, math, footnotes.</p>
              <div className="chat-suggestions">
                {suggestions.map(({label, prompt}) => (
                  <button key={prompt} type="button" className="chat-suggestion" onClick={() => sendMessage(store, prompt)}>
                    <strong>{label}</strong>
                    <span>{prompt}</span>
                  </button>
                ))}
              </div>
            </div>
          ) : (
            messages.map((message, index) => (
              <Message key={message.id} message={message} conversationId={conversationId} lastReply={index === lastIndex && index === count - 1} />
            ))
          )}
        </div>
      </div>
      {!atEnd && (
        <button
          type="button"
          className="jump-to-end"
          aria-label="Scroll to the latest message"
          title="Scroll to the latest message"
          onClick={() => scrollToEnd('smooth')}
        >
          <ArrowDownIcon />
        </button>
      )}
    </div>
  )
}
