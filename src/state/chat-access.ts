/**
 * The chat server's access token (`CHAT_TOKEN`), as the user entered it, and
 * whether the chat is asking for it. Kept in localStorage, for this origin
 * only, and sent as `Authorization: Bearer …` with each chat request.
 */
import {atom} from 'jotai'
import {atomWithStorage} from 'jotai/utils'

/** The token; `''` until the server asks for one. Read from storage on first use, not on the first render. */
export const chatTokenAtom = atomWithStorage('offthread:chat-token', '', undefined, {getOnInit: true})

/** Why the token form is open: the server wants a token, or refused the one saved. */
export type TokenRequest = 'missing' | 'refused'

/** The open token form's reason; `undefined` while it is closed. */
export const tokenRequestAtom = atom<TokenRequest | undefined>(undefined)
