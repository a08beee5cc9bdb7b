import {createStore} from 'jotai'
import {describe, expect, it} from 'vitest'
import {startChatRenderer} from '../../src/chat/chat-renderer.ts'
import type {LiveRenderBackend} from '../../src/render/live-render.ts'
import {activeConversationIdAtom, chatMessagesAtom, type ChatMessage} from '../../src/state/chat.ts'
import {messageRenderAtom} from '../../src/state/chat-render.ts'
import {renderStateOf} from '../../src/state/render.ts'
import type {SessionOptions, SessionUpdate} from '../../shared/protocol.ts'
import {applyEdit} from '../../shared/text-change.ts'

/** A backend that renders each text as one block whose id is the text, and logs every call; with `held`, each render waits for `release()`. */
function fakeBackend(held = false) {
  const calls: {sessionId: string; markdown: string; version: number; options: SessionOptions}[] = []
  const closed: string[] = []
  const waiting: Array<() => void> = []
  /** The text each session rendered last, which a change builds on. */
  const texts = new Map<string, string>()
  const backend: LiveRenderBackend = {
    render: async (sessionId, text, version, _progress, options) => {
      const markdown = typeof text === 'string' ? text : applyEdit(texts.get(sessionId)!, text)
      texts.set(sessionId, markdown)
      calls.push({sessionId, markdown, version, options})
      if (held) await new Promise<void>((resolve) => waiting.push(resolve))
      const id = `${options.heal ? 'healed:' : ''}${markdown}`
      const update: SessionUpdate = {
        sessionId,
        version,
        orderStart: 0,
        orderKeep: 0,
        total: 1,
        scanned: 1,
        order: [{id, lineOffset: 0}],
        blocks: [{id, hast: {type: 'root', children: [{type: 'text', value: id}]}}],
        messages: [],
        ms: 1,
        rendered: 1,
        partial: false,
      }
      return update
    },
    close: async (sessionId) => void closed.push(sessionId),
    restart: () => {},
    reason: String,
  }
  /** Let the render in flight return. */
  const release = () => waiting.shift()?.()
  return {backend, calls, closed, release}
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
const reply = (text: string, status: ChatMessage['status']): ChatMessage => ({id: 'r1', role: 'assistant', text, status})

describe('chat renderer', () => {
  it('should heal a streaming reply, then render its final text unhealed and close its session', async () => {
    const store = createStore()
    const {backend, calls, closed} = fakeBackend()
    store.set(activeConversationIdAtom, 'c')
    store.set(chatMessagesAtom, {c: [reply('Hello **wor', 'streaming')]})
    const stop = startChatRenderer(store, backend)
    await tick()
    store.set(chatMessagesAtom, {c: [reply('Hello **world**', 'streaming')]})
    await tick()
    expect(closed).toEqual([])
    store.set(chatMessagesAtom, {c: [reply('Hello **world**', 'done')]})
    await tick()
    await tick()
    expect(calls.map(({sessionId, markdown, options}) => [sessionId, markdown, options])).toEqual([
      ['chat:r1', 'Hello **wor', {heal: true}],
      ['chat:r1', 'Hello **world**', {heal: true}],
      ['chat:r1', 'Hello **world**', {}],
    ])
    const view = store.get(messageRenderAtom('r1'))
    expect(view.order.map(({id}) => id)).toEqual(['Hello **world**'])
    expect(view.version).toBe(3)
    expect(renderStateOf(view)).toBe('idle')
    expect(closed).toEqual(['chat:r1'])
    stop()
  })

  it('should show the whole text of a reply that ended healed, then as it is, when the worker was busy as it ended', async () => {
    const store = createStore()
    const {backend, calls, release} = fakeBackend(true)
    const code = 'Code:\n\n```cpp\nint x = 1;\n'
    store.set(activeConversationIdAtom, 'c')
    store.set(chatMessagesAtom, {c: [reply('Code:', 'streaming')]})
    const sent = new Map<number, string>()
    const stop = startChatRenderer(store, backend, (id, version, text) => id === 'r1' && sent.set(version, text))
    await tick()
    // The rest of the reply, then its end, arrive while the first render is in flight.
    store.set(chatMessagesAtom, {c: [reply(code, 'streaming')]})
    store.set(chatMessagesAtom, {c: [reply(code + '```\n', 'done')]})
    await tick()
    const shown = () => store.get(messageRenderAtom('r1')).order.map(({id}) => id)
    release()
    await tick()
    expect(shown()).toEqual(['healed:Code:'])
    // Healed, code whose grammar is still being compiled shows plain: the whole text shows at once.
    expect(calls.at(-1)).toMatchObject({markdown: code + '```\n', options: {heal: true}})
    release()
    await tick()
    expect(shown()).toEqual([`healed:${code}\`\`\`\n`])
    expect(calls.at(-1)).toMatchObject({markdown: code + '```\n', options: {}})
    release()
    await tick()
    expect(shown()).toEqual([code + '```\n'])
    expect(calls).toHaveLength(3)
    // Each text sent is reported with the version it renders as (what the benchmark counts paints by);
    // the second, superseded while the first render was in flight, never reached the worker.
    expect(calls.map(({version}) => sent.get(version))).toEqual(calls.map(({markdown}) => markdown))
    expect(sent.size).toBe(4)
    stop()
  })

  it('should render user messages once and drop the renders of a conversation that is closed', async () => {
    const store = createStore()
    const {backend, calls} = fakeBackend()
    store.set(chatMessagesAtom, {
      a: [{id: 'u1', role: 'user', text: '# Question', status: 'done'}],
      b: [{id: 'u2', role: 'user', text: 'Other', status: 'done'}],
    })
    store.set(activeConversationIdAtom, 'a')
    const stop = startChatRenderer(store, backend)
    await tick()
    expect(calls.map(({markdown}) => markdown)).toEqual(['# Question'])
    const before = messageRenderAtom('u1')
    store.set(activeConversationIdAtom, 'b')
    await tick()
    expect(calls.map(({markdown}) => markdown)).toEqual(['# Question', 'Other'])
    // The dropped view is a new, empty one when asked for again.
    expect(messageRenderAtom('u1')).not.toBe(before)
    stop()
  })
})
