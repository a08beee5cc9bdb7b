import {createStore} from 'jotai'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {regenerateReply, sendMessage, stopReply} from '../../src/chat/chat-actions.ts'
import {activeConversationIdAtom, activeMessagesAtom, composerTextAtom, conversationsAtom, sendErrorAtom} from '../../src/state/chat.ts'
import {replyEvents, sseStream} from './sse.ts'

type Fetch = typeof fetch

/** Stub `fetch` with `answer`; returns the request bodies it received. */
function stubFetch(answer: (init: RequestInit) => Promise<Response> | Response): unknown[] {
  const bodies: unknown[] = []
  vi.stubGlobal('fetch', (async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)))
    return answer(init)
  }) as Fetch)
  return bodies
}

const sse = (stream: ReadableStream<Uint8Array>) =>
  new Response(stream, {headers: {'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1'}})

/** Wait until no reply of the open conversation streams. */
async function settled(store: ReturnType<typeof createStore>): Promise<void> {
  await vi.waitFor(() => expect(store.get(activeMessagesAtom).some((message) => message.status === 'streaming')).toBe(false))
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** Let the stream reader run (its work is promises, not timers) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1000 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve))
  expect(done()).toBe(true)
}

describe('chat actions', () => {
  it('should send a message in a new conversation and stream the reply into it', async () => {
    const store = createStore()
    const bodies = stubFetch(() => sse(sseStream(replyEvents(['Hello ', 'there']))))
    store.set(composerTextAtom, 'Hi **you**')
    sendMessage(store, 'Hi **you**')
    expect(store.get(composerTextAtom)).toBe('')
    expect(store.get(conversationsAtom).map((item) => item.title)).toEqual(['Hi you'])
    expect(store.get(activeMessagesAtom).map((message) => [message.role, message.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'streaming'],
    ])
    await settled(store)
    expect(store.get(activeMessagesAtom)[1]).toMatchObject({text: 'Hello there', status: 'done', model: 'offthread-replay', offline: true})
    expect(bodies[0]).toEqual({
      id: store.get(activeConversationIdAtom),
      messages: [{id: store.get(activeMessagesAtom)[0]!.id, role: 'user', parts: [{type: 'text', text: 'Hi **you**'}]}],
      trigger: 'submit-message',
    })
  })

  it('should keep the partial reply and show the error when the stream fails, and retry it', async () => {
    const store = createStore()
    stubFetch(() => sse(sseStream(replyEvents(['Half ', 'a reply']).slice(0, 4), {cut: new TypeError('network error')})))
    sendMessage(store, 'Tell me')
    await settled(store)
    const failed = store.get(activeMessagesAtom)[1]!
    expect(failed).toMatchObject({text: 'Half ', status: 'error'})
    expect(failed.error).toMatch(/lost/)

    const bodies = stubFetch(() => sse(sseStream(replyEvents(['Whole reply']))))
    regenerateReply(store, store.get(activeConversationIdAtom)!, failed.id)
    await settled(store)
    expect(store.get(activeMessagesAtom).map((message) => message.text)).toEqual(['Tell me', 'Whole reply'])
    expect(bodies[0]).toMatchObject({trigger: 'regenerate-message', messageId: failed.id})
  })

  it('should show an HTTP 500 on the reply, with nothing lost', async () => {
    const store = createStore()
    stubFetch(() => new Response(JSON.stringify({error: 'Boom'}), {status: 500, statusText: 'Internal Server Error'}))
    sendMessage(store, 'Hello')
    await settled(store)
    expect(store.get(activeMessagesAtom).map((message) => [message.text, message.status])).toEqual([
      ['Hello', 'done'],
      ['', 'error'],
    ])
    expect(store.get(activeMessagesAtom)[1]!.error).toBe('The chat server answered 500 Internal Server Error: Boom')
  })

  it('should put a refused message back in the composer', async () => {
    const store = createStore()
    stubFetch(() => new Response(JSON.stringify({error: 'Expected at most 200 messages, not 201'}), {status: 400}))
    sendMessage(store, 'Too much')
    await settled(store)
    expect(store.get(activeMessagesAtom)).toEqual([])
    expect(store.get(composerTextAtom)).toBe('Too much')
    expect(store.get(sendErrorAtom)).toMatch(/400: Expected at most 200 messages/)
  })

  it('should say when the server cannot be reached', async () => {
    const store = createStore()
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    sendMessage(store, 'Anyone?')
    await settled(store)
    expect(store.get(activeMessagesAtom)[1]).toMatchObject({status: 'error', error: expect.stringMatching(/Could not reach/)})
  })

  it('should stop a reply and keep what arrived', async () => {
    const store = createStore()
    const events = replyEvents(['Some ', 'words ', 'then ', 'more'])
    stubFetch((init) => {
      let index = 0
      const encoder = new TextEncoder()
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          // Stream the first events, then wait for the abort as a slow server would.
          if (index < 5) return controller.enqueue(encoder.encode(events[index++]!))
          await new Promise((resolve) => init.signal!.addEventListener('abort', resolve))
          controller.error(init.signal!.reason)
        },
      })
      return sse(stream)
    })
    sendMessage(store, 'Go')
    await vi.waitFor(() => expect(store.get(activeMessagesAtom)[1]!.text).toBe('Some words '), {timeout: 1000})
    stopReply(store.get(activeMessagesAtom)[1]!.id)
    await settled(store)
    expect(store.get(activeMessagesAtom)[1]).toMatchObject({text: 'Some words ', status: 'stopped'})
  })

  it('should put the deltas that arrive together in the store once, in a task right after them', async () => {
    // The flush's timer is fake: nothing reaches the store until it runs.
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']})
    const store = createStore()
    const events = replyEvents(['Some ', 'words ', 'more'])
    const encoder = new TextEncoder()
    let push: ((chunk: string) => void) | undefined
    stubFetch(() => sse(new ReadableStream<Uint8Array>({start: (controller) => void (push = (chunk) => controller.enqueue(encoder.encode(chunk)))})))
    sendMessage(store, 'Go')
    const replyText = () => store.get(activeMessagesAtom)[1]?.text
    const seen: string[] = []
    store.sub(activeMessagesAtom, () => {
      const text = replyText()
      if (text !== undefined && text !== seen.at(-1)) seen.push(text)
    })
    const turns = async () => {
      for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve))
    }
    await until(() => push !== undefined)
    for (const chunk of events.slice(0, 4)) push!(chunk)
    await turns()
    expect(replyText()).toBe('')
    vi.advanceTimersByTime(0)
    expect(replyText()).toBe('Some ')
    push!(events[4]!)
    push!(events[5]!)
    await turns()
    expect(replyText()).toBe('Some ')
    vi.advanceTimersByTime(0)
    expect(replyText()).toBe('Some words more')
    expect(seen).toEqual(['', 'Some ', 'Some words more'])
  })
})
