/**
 * One message, rendered from its own render session. The element carries
 * `data-role`, `data-status`, `data-render-state` and `data-render-version`,
 * the preview's contract: `rendering` until the shown render is the final one.
 */
import {useAtomValue} from 'jotai'
import {memo, useContext, type MouseEvent} from 'react'
import {BlocksView} from '../render/BlocksView.tsx'
import {handleFragmentLink} from '../render/Preview.tsx'
import type {ChatMessage} from '../state/chat.ts'
import {messageRenderAtom} from '../state/chat-render.ts'
import {renderStateOf} from '../state/render.ts'
import {MessageActions} from './MessageActions.tsx'
import {MessageStatusNote} from './MessageStatusNote.tsx'
import {ReplyBodyContext} from './reply-body.ts'

/** Props of a message. */
export interface MessageProps {
  message: ChatMessage
  conversationId: string
  /** Whether it is the conversation's last reply (which Regenerate replaces). */
  lastReply: boolean
}

/** A message of the conversation. */
export const Message = memo(function Message({message, conversationId, lastReply}: MessageProps) {
  const view = useAtomValue(messageRenderAtom(message.id))
  const ReplyBody = useContext(ReplyBodyContext)
  const streaming = message.status === 'streaming'
  const state = streaming && view.failure === undefined ? 'rendering' : renderStateOf(view)
  const assistant = message.role === 'assistant'
  // Until its first render lands (tens of milliseconds, more while the
  // worker is busy with a long document, never if it fails), the user's
  // message shows its text as typed rather than nothing. Not a reply: its
  // raw markers (fences, `$$`, tables) would flash before the render.
  const unrendered = !assistant && view.version === 0 && view.order.length === 0 && message.text !== ''
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest('a')
    if (link) handleFragmentLink(link, event)
  }
  return (
    <div
      className={`message message-${message.role}`}
      data-role={message.role}
      data-status={message.status}
      data-render-state={state}
      data-render-version={view.version}
    >
      {assistant && (
        <div className="message-meta">
          <span className="message-avatar" aria-hidden="true">
            ◧
          </span>
          <span className="message-model">{message.model ?? 'Assistant'}</span>
          {message.offline && (
            <span
              className="offline-badge"
              title="This reply is replayed from a script by the offline demo model, not generated. Set OPENAI_BASE_URL on the server to chat with a real model."
            >
              Offline demo model
            </span>
          )}
        </div>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: it takes the clicks of the links inside, which have their own keys */}
      <div className="message-body" onClick={onClick}>
        {assistant && ReplyBody ? (
          <ReplyBody message={message} view={view}>
            <BlocksView view={view} className="message-markdown" />
          </ReplyBody>
        ) : (
          <BlocksView view={view} className="message-markdown" />
        )}
        {unrendered && <div className="message-plain">{message.text}</div>}
        {streaming && message.text === '' && (
          <span className="typing" role="status" aria-label="Waiting for the reply">
            <span />
            <span />
            <span />
          </span>
        )}
      </div>
      <MessageStatusNote message={message} conversationId={conversationId} />
      {!streaming && <MessageActions message={message} conversationId={conversationId} lastReply={lastReply} />}
    </div>
  )
})
