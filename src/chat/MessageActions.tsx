/** The buttons under a message: Copy, Regenerate (the last reply), Open in editor. */
import {useStore} from 'jotai'
import {startTransition, useEffect, useState} from 'react'
import {createDocumentAtom, nameFromMarkdown} from '../state/documents.ts'
import type {ChatMessage} from '../state/chat.ts'
import {viewAtom} from '../state/settings.ts'
import {regenerateReply} from './chat-actions.ts'
import {CheckIcon, CopyIcon, OpenInEditorIcon, RetryIcon} from './chat-icons.tsx'

/** Props of the actions. */
export interface MessageActionsProps {
  message: ChatMessage
  conversationId: string
  lastReply: boolean
}

/** Actions on one message. */
export function MessageActions({message, conversationId, lastReply}: MessageActionsProps) {
  const store = useStore()
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (copied === 'idle') return
    const timer = setTimeout(() => setCopied('idle'), 1500)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = () =>
    navigator.clipboard.writeText(message.text).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    )
  const openInEditor = () => {
    startTransition(() => {
      store.set(createDocumentAtom, {name: nameFromMarkdown(message.text, 'Chat reply'), text: message.text})
      store.set(viewAtom, 'editor')
    })
  }
  const assistant = message.role === 'assistant'
  // A failed or interrupted reply has Retry in its note already.
  const regenerate = assistant && lastReply && (message.status === 'done' || message.status === 'stopped')
  return (
    <div className="message-actions">
      <button type="button" className="message-action" aria-label="Copy" title="Copy the markdown" onClick={copy} disabled={message.text === ''}>
        {copied === 'copied' ? <CheckIcon /> : <CopyIcon />}
        <span className="message-action-label">{copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}</span>
      </button>
      {regenerate && (
        <button
          type="button"
          className="message-action"
          aria-label="Regenerate"
          title="Ask for a new reply"
          onClick={() => regenerateReply(store, conversationId, message.id)}
        >
          <RetryIcon />
          <span className="message-action-label">Regenerate</span>
        </button>
      )}
      {assistant && (
        <button
          type="button"
          className="message-action"
          aria-label="Open in editor"
          title="Open this reply as a new document"
          onClick={openInEditor}
          disabled={message.text === ''}
        >
          <OpenInEditorIcon />
          <span className="message-action-label">Open in editor</span>
        </button>
      )}
    </div>
  )
}
