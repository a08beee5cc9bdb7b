/**
 * The composer: a textarea that grows with its text up to a maximum height
 * (then scrolls). Enter sends, Shift+Enter breaks the line, and Enter that
 * confirms an IME composition does neither. While a reply streams, Stop.
 */
import {useAtom, useAtomValue, useStore} from 'jotai'
import {useEffect, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent} from 'react'
import {activeConversationIdAtom, composerTextAtom, sendErrorAtom, streamingReplyIdAtom} from '../state/chat.ts'
import {sendMessage, stopReply} from './chat-actions.ts'
import {SendIcon, StopIcon, WarningIcon} from './chat-icons.tsx'
import {TokenForm} from './TokenForm.tsx'

/** The composer of the open conversation. */
export function Composer() {
  const store = useStore()
  const [text, setText] = useAtom(composerTextAtom)
  const streaming = useAtomValue(streamingReplyIdAtom)
  const conversationId = useAtomValue(activeConversationIdAtom)
  const input = useRef<HTMLTextAreaElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: fits the height to each new text
  useLayoutEffect(() => {
    if (input.current) fitHeight(input.current)
  }, [text])
  // biome-ignore lint/correctness/useExhaustiveDependencies: focuses the composer when another conversation opens
  useEffect(() => input.current?.focus(), [conversationId])

  const send = () => {
    if (streaming || text.trim() === '') return
    sendMessage(store, text)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    send()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || isComposing(event)) return
    event.preventDefault()
    send()
  }

  return (
    <div className="composer-area">
      <TokenForm />
      <SendError />
      <form className="composer" onSubmit={onSubmit}>
        <textarea
          ref={input}
          className="composer-input"
          aria-label="Message"
          placeholder="Ask anything, or try /help"
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {streaming ? (
          <button type="button" className="composer-button stop" aria-label="Stop" title="Stop the reply" onClick={() => stopReply(streaming)}>
            <StopIcon />
          </button>
        ) : (
          <button type="submit" className="composer-button send" aria-label="Send" title="Send (Enter)" disabled={text.trim() === ''}>
            <SendIcon />
          </button>
        )}
      </form>
      <p className="composer-hint">
        <kbd>Enter</kbd> to send, <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line. Replies render as they stream, off the main thread.
      </p>
    </div>
  )
}

/** Why the last message was not sent, with the promise that its text is kept. */
function SendError() {
  const store = useStore()
  const sendError = useAtomValue(sendErrorAtom)
  if (sendError === undefined) return null
  return (
    <div className="composer-error" role="alert">
      <WarningIcon />
      <span>
        <strong>Not sent.</strong> {sendError} Your message is back in the box below.
      </span>
      <button type="button" className="composer-error-close" aria-label="Dismiss" onClick={() => store.set(sendErrorAtom, undefined)}>
        ×
      </button>
    </div>
  )
}

/** Whether the key event belongs to an IME composition (Safari reports the confirming Enter as key code 229). */
function isComposing(event: KeyboardEvent): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229
}

/** Fit the textarea's height to its text; CSS `max-height` caps it, and past that it scrolls. */
function fitHeight(textarea: HTMLTextAreaElement): void {
  textarea.style.height = 'auto'
  textarea.style.height = `${textarea.scrollHeight}px`
}
