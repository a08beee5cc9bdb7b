import {describe, expect, it} from 'vitest'
import {createLiveRender, type LiveRenderBackend} from '../../src/render/live-render.ts'
import type {SessionUpdate} from '../../shared/protocol.ts'
import {applyEdit, staleBaseError, type TextChange} from '../../shared/text-change.ts'

interface Call {
  /** What was sent: the whole text or a change. */
  text: string | TextChange
  /** The whole text it stands for. */
  markdown: string
  version: number
  progress: (update: SessionUpdate) => void
  resolve: (update: SessionUpdate) => void
  reject: (error: Error) => void
}

/** A backend whose calls the test settles by hand. */
function fakeBackend() {
  const calls: Call[] = []
  const events: string[] = []
  const backend: LiveRenderBackend = {
    render: (_sessionId, text, version, progress) =>
      new Promise((resolve, reject) => {
        const base = typeof text === 'string' ? undefined : calls.find((call) => call.version === text.base)
        const markdown = typeof text === 'string' ? text : applyEdit(base!.markdown, text)
        calls.push({text, markdown, version, progress, resolve, reject})
      }),
    close: async (sessionId) => void events.push(`close ${sessionId}`),
    restart: (reason) => void events.push(`restart: ${reason}`),
    reason: (error) => (error instanceof Error ? error.message : String(error)),
  }
  return {backend, calls, events}
}

const result = (version: number): SessionUpdate => ({
  sessionId: 's',
  version,
  order: [],
  orderStart: 0,
  orderKeep: 0,
  total: 0,
  scanned: 0,
  blocks: [],
  messages: [],
  ms: 1,
  rendered: 0,
  partial: false,
})
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('live render', () => {
  it('should keep one call in flight and send only the newest text after it', async () => {
    const {backend, calls} = fakeBackend()
    const shown: number[] = []
    const live = createLiveRender('s', backend, {requested: () => {}, updated: (update) => (shown.push(update.version), true), failed: () => {}})
    live.update('a')
    live.update('ab')
    live.update('abc')
    expect(calls.map((call) => call.markdown)).toEqual(['a'])
    calls[0]!.resolve(result(1))
    await tick()
    expect(calls.map((call) => [call.markdown, call.version])).toEqual([
      ['a', 1],
      ['abc', 3],
    ])
    calls[1]!.resolve(result(3))
    await tick()
    expect(shown).toEqual([1, 3])
  })

  it('should restart the worker and send the text again after a failure', async () => {
    const {backend, calls, events} = fakeBackend()
    const failures: string[] = []
    const live = createLiveRender('s', backend, {requested: () => {}, updated: () => true, failed: (reason) => failures.push(reason)})
    live.update('text')
    calls[0]!.reject(new Error('worker crashed'))
    await tick()
    expect(events).toEqual(['restart: worker crashed'])
    expect(failures).toEqual(['worker crashed'])
    expect(calls.map((call) => call.markdown)).toEqual(['text', 'text'])
    // A second failure of the same text is not retried, so a bad text cannot loop.
    calls[1]!.reject(new Error('worker crashed'))
    await tick()
    expect(calls).toHaveLength(2)
    live.update('fixed text')
    expect(calls.map((call) => call.markdown)).toEqual(['text', 'text', 'fixed text'])
  })

  it('should send the text again, reporting nothing, when the worker was replaced on purpose', async () => {
    const {backend, calls, events} = fakeBackend()
    const failures: string[] = []
    createLiveRender('s', backend, {requested: () => {}, updated: () => true, failed: (reason) => failures.push(reason)}).update('text')
    calls[0]!.reject(Object.assign(new Error('The render worker was replaced'), {name: 'AbortError'}))
    await tick()
    expect(failures).toEqual([])
    expect(events).toEqual([])
    expect(calls.map((call) => call.markdown)).toEqual(['text', 'text'])
  })

  it('should start the session afresh when an update names a missing block', async () => {
    const {backend, calls, events} = fakeBackend()
    let accept = false
    const live = createLiveRender('s', backend, {requested: () => {}, updated: () => accept, failed: () => {}})
    live.update('text')
    accept = true
    calls[0]!.resolve(result(1))
    await tick()
    expect(events).toEqual([])
    accept = false
    live.update('text 2')
    calls[1]!.resolve(result(2))
    await tick()
    expect(events).toEqual(['close s'])
    expect(calls.map((call) => call.markdown)).toEqual(['text', 'text 2', 'text 2'])
  })

  it('should drop results that arrive after it is closed', async () => {
    const {backend, calls, events} = fakeBackend()
    const shown: number[] = []
    const live = createLiveRender('s', backend, {requested: () => {}, updated: (update) => (shown.push(update.version), true), failed: () => {}})
    live.update('a')
    live.close()
    calls[0]!.resolve(result(1))
    await tick()
    expect(shown).toEqual([])
    expect(events).toEqual(['close s'])
  })
})

describe('live render changes', () => {
  it('should send the whole text first, then changes to the text the last call rendered', async () => {
    const {backend, calls} = fakeBackend()
    const live = createLiveRender('s', backend, {requested: () => {}, updated: () => true, failed: () => {}})
    live.update('Hello')
    live.update('Hello, world')
    calls[0]!.resolve(result(1))
    await tick()
    calls[1]!.resolve(result(2))
    await tick()
    live.update('Hi, world')
    expect(calls.map((call) => call.text)).toEqual(['Hello', {base: 1, from: 5, to: 5, insert: ', world'}, {base: 2, from: 1, to: 5, insert: 'i'}])
    calls[2]!.resolve(result(3))
    await tick()
    live.update('Hi, world!')
    expect(calls[3]!.text).toEqual({base: 3, from: 9, to: 9, insert: '!'})
    expect(calls.map((call) => call.markdown)).toEqual(['Hello', 'Hello, world', 'Hi, world', 'Hi, world!'])
  })

  it('should send the whole text, reporting nothing, when the worker no longer holds the text a change builds on', async () => {
    const {backend, calls, events} = fakeBackend()
    const failures: string[] = []
    const live = createLiveRender('s', backend, {requested: () => {}, updated: () => true, failed: (reason) => failures.push(reason)})
    live.update('text')
    calls[0]!.resolve(result(1))
    await tick()
    live.update('text 2')
    calls[1]!.reject(Object.assign(new Error('The session does not hold the text of version 1'), {name: staleBaseError}))
    await tick()
    expect(calls.map((call) => call.text)).toEqual(['text', {base: 1, from: 4, to: 4, insert: ' 2'}, 'text 2'])
    expect(failures).toEqual([])
    expect(events).toEqual([])
  })

  it('should send the whole text after a failed call and after starting the session afresh', async () => {
    const {backend, calls} = fakeBackend()
    let accept = true
    const live = createLiveRender('s', backend, {requested: () => {}, updated: () => accept, failed: () => {}})
    live.update('a')
    calls[0]!.resolve(result(1))
    await tick()
    live.update('ab')
    calls[1]!.reject(new Error('worker crashed'))
    await tick()
    calls[2]!.resolve(result(2))
    await tick()
    accept = false
    live.update('abc')
    calls[3]!.resolve(result(3))
    await tick()
    expect(calls.map((call) => call.text)).toEqual(['a', {base: 1, from: 1, to: 1, insert: 'b'}, 'ab', {base: 2, from: 2, to: 2, insert: 'c'}, 'abc'])
  })
})

describe('live render refresh', () => {
  it('should send the newest text again only when no call will', async () => {
    const {backend, calls} = fakeBackend()
    const live = createLiveRender('s', backend, {requested: () => {}, updated: () => true, failed: () => {}})
    live.refresh()
    expect(calls).toHaveLength(0)
    live.update('text')
    live.refresh()
    expect(calls).toHaveLength(1)
    calls[0]!.resolve(result(1))
    await tick()
    live.refresh()
    expect(calls.map((call) => [call.markdown, call.version])).toEqual([
      ['text', 1],
      ['text', 2],
    ])
    // The worker was replaced: it holds no text, so the text goes whole.
    expect(calls[1]!.text).toBe('text')
  })
})

describe('live render progress', () => {
  it('should pass partial updates on before the final one, and drop late ones', async () => {
    const {backend, calls} = fakeBackend()
    const seen: string[] = []
    const live = createLiveRender('s', backend, {
      requested: () => {},
      updated: (update) => (seen.push(`${update.version}${update.partial ? ' partial' : ''}`), true),
      failed: () => {},
    })
    live.update('long text')
    calls[0]!.progress({...result(1), partial: true})
    calls[0]!.resolve(result(1))
    await tick()
    calls[0]!.progress({...result(1), partial: true})
    expect(seen).toEqual(['1 partial', '1'])
  })
})
