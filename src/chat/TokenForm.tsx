/**
 * Asks for the chat server's access token when the server answered 401: a
 * small form above the composer. The token is kept in this browser and sent
 * with every chat request from then on; the message waits in the composer
 * and goes once the token is saved.
 */
import {useAtomValue, useStore} from 'jotai'
import {useState, type FormEvent} from 'react'
import {tokenRequestAtom} from '../state/chat-access.ts'
import {saveChatToken} from './chat-actions.ts'

const reasons = {
  missing: 'This chat server needs an access token. Ask whoever runs it for the token (CHAT_TOKEN).',
  refused: 'The chat server refused the saved access token. Enter the current one.',
} as const

/** The token form, while the chat asks for the token. */
export function TokenForm() {
  const store = useStore()
  const request = useAtomValue(tokenRequestAtom)
  const [token, setToken] = useState('')
  if (request === undefined) return null
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (token.trim() === '') return
    saveChatToken(store, token)
    setToken('')
  }
  return (
    <form className="token-form" onSubmit={onSubmit} aria-label="Chat access token">
      <p className="token-form-reason" role="alert">
        {reasons[request]}
      </p>
      <div className="token-form-row">
        <input
          className="token-form-input"
          type="password"
          autoComplete="off"
          aria-label="Access token"
          placeholder="Access token"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the form appears because the server asked for the token, and typing it is the only thing to do
          autoFocus
        />
        <button type="submit" className="button token-form-save" disabled={token.trim() === ''}>
          Save and send
        </button>
        <button type="button" className="button token-form-cancel" onClick={() => store.set(tokenRequestAtom, undefined)}>
          Cancel
        </button>
      </div>
      <p className="token-form-hint">Kept in this browser only, and sent to this server with each chat message.</p>
    </form>
  )
}
