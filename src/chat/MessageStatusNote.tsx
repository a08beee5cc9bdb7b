/**
 * What a reply that did not finish says under its text: the error with
 * Retry, stopped, interrupted, or cut at a length limit.
 */
import {useStore} from 'jotai'
import type {ChatMessage} from '../state/chat.ts'
import {regenerateReply} from './chat-actions.ts'
import {RetryIcon, WarningIcon} from './chat-icons.tsx'

/** The note of `message`, if it has one. */
export function MessageStatusNote({message, conversationId}: {message: ChatMessage; conversationId: string}) {
  const store = useStore()
  const retry = () => regenerateReply(store, conversationId, message.id)
  if (message.role !== 'assistant') return null
  switch (message.status) {
    case 'error':
      return (
        <div className="message-note error" role="alert">
          <WarningIcon />
          <span className="message-note-text">{message.error ?? 'The reply failed.'}</span>
          <button type="button" className="button message-retry" onClick={retry}>
            <RetryIcon /> Retry
          </button>
        </div>
      )
    case 'interrupted':
      return (
        <div className="message-note">
          <span className="message-note-text">Interrupted: the page was closed while this reply was streaming.</span>
          <button type="button" className="button message-retry" onClick={retry}>
            <RetryIcon /> Retry
          </button>
        </div>
      )
    case 'stopped':
      return (
        <div className="message-note">
          <span className="message-note-text">Stopped.</span>
        </div>
      )
    case 'done':
      if (!message.lengthLimit) return null
      return (
        <div className="message-note" data-note="length-limit">
          <span className="message-note-text">
            {message.lengthLimit.maxChars === undefined
              ? 'The reply stopped here: the model reached its length limit.'
              : `The reply stopped here: it reached the server's limit of ${message.lengthLimit.maxChars.toLocaleString('en')} characters.`}
          </span>
        </div>
      )
    default:
      return null
  }
}
