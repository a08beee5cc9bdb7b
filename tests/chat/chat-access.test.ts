/**
 * The chat's access token, limits and length cap, from the app's side,
 * against the real server over HTTP: `fetch` only gets the origin the
 * browser would put in front of `/api/chat`.
 */
import {createStore} from 'jotai'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {saveChatToken, sendMessage} from '../../src/chat/chat-actions.ts'
import {chatTokenAtom, tokenRequestAtom} from '../../src/state/chat-access.ts'
import {activeMessagesAtom, composerTextAtom, sendErrorAtom} from '../../src/state/chat.ts'
import type {ChatConfig} from '../../server/chat.ts'
import type {RunningServer} from '../../server/index.ts'
import {startChatServer} from '../server/chat-helpers.ts'

const servers: RunningServer[] = []

/** Start a server with `chat`, and send the app's requests to it. */
async function serve(chat: Partial<ChatConfig>): Promise<void> {
  const server = await startChatServer(chat)
  servers.push(server)
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(`${server.url}${url}`, init))
}

afterEach(async () => {
  vi.unstubAllGlobals()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** Send `text` as the user would: typed in the composer, then sent. */
function type(store: ReturnType<typeof createStore>, text: string): void {
  store.set(composerTextAtom, text)
  sendMessage(store, text)
}

async function settled(store: ReturnType<typeof createStore>): Promise<void> {
  await vi.waitFor(() => expect(store.get(activeMessagesAtom).some((message) => message.status === 'streaming')).toBe(false), {timeout: 10_000})
}

describe('the access token in the app', () => {
  it('should ask for the token on a 401, keep the message, and send it with the token once saved', async () => {
    await serve({token: 'team-secret'})
    const store = createStore()
    type(store, '/help')
    await vi.waitFor(() => expect(store.get(tokenRequestAtom)).toBe('missing'))
    expect(store.get(composerTextAtom)).toBe('/help')
    expect(store.get(activeMessagesAtom)).toEqual([])
    // The form says why; no second error above the composer.
    expect(store.get(sendErrorAtom)).toBeUndefined()

    saveChatToken(store, ' team-secret ')
    expect(store.get(tokenRequestAtom)).toBeUndefined()
    expect(store.get(chatTokenAtom)).toBe('team-secret')
    expect(store.get(composerTextAtom)).toBe('')
    await settled(store)
    expect(store.get(activeMessagesAtom).map((message) => message.status)).toEqual(['done', 'done'])
    expect(store.get(activeMessagesAtom)[1]!.text).toContain('demo model')
  })

  it('should ask again when the saved token is refused', async () => {
    await serve({token: 'new-secret'})
    const store = createStore()
    store.set(chatTokenAtom, 'old-secret')
    type(store, 'Hello')
    await vi.waitFor(() => expect(store.get(tokenRequestAtom)).toBe('refused'))
    expect(store.get(composerTextAtom)).toBe('Hello')
  })
})

describe('limits in the app', () => {
  it('should say plainly when there were too many requests, and how long to wait', async () => {
    await serve({limits: {requestsPerMinute: 1}})
    const store = createStore()
    type(store, '/help')
    await settled(store)
    type(store, 'Again')
    await vi.waitFor(() => expect(store.get(sendErrorAtom)).toBeDefined())
    expect(store.get(sendErrorAtom)).toMatch(
      /^The chat server answered 429 Too Many Requests: Too many chat requests from this address: at most 1 a minute\. Try again in \d+ s\.$/,
    )
    expect(store.get(composerTextAtom)).toBe('Again')
  })

  it('should mark a reply cut at the server cap', async () => {
    await serve({limits: {maxReplyChars: 100}})
    const store = createStore()
    type(store, '/help')
    await settled(store)
    const reply = store.get(activeMessagesAtom)[1]!
    expect(reply).toMatchObject({status: 'done', lengthLimit: {maxChars: 100}})
    expect(reply.text).toHaveLength(100)
  })
})
