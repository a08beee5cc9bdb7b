import type {Root} from 'hast'
import {createStore} from 'jotai'
import {describe, expect, it} from 'vitest'
import {
  applyUpdate,
  dismissError,
  emptyRender,
  failRender,
  firstBlocksReady,
  renderStateOf,
  renderViewAtom,
  requestRender,
  type RenderView,
} from '../../src/state/render.ts'
import type {SessionUpdate} from '../../shared/protocol.ts'

const block = (text: string): Root => ({type: 'root', children: [{type: 'text', value: text}]})

/** An update whose order is `keys` from `orderStart` on, sending the blocks `sent` (default: all of `keys`). */
function update(version: number, keys: string[], options: {orderStart?: number; total?: number; sent?: string[]} = {}): SessionUpdate {
  const {orderStart = 0, total = orderStart + keys.length, sent = keys} = options
  return {
    sessionId: 's',
    version,
    order: keys.map((id, index) => ({id, lineOffset: (orderStart + index) * 2})),
    orderStart,
    orderKeep: 0,
    total,
    scanned: total,
    blocks: sent.map((id) => ({id, hast: block(id)})),
    messages: [],
    ms: 5,
    rendered: sent.length,
    partial: false,
  }
}

const idsOf = (view: RenderView | undefined) => view?.order.map((item) => item.id)

describe('render updaters', () => {
  it('should be rendering while a newer version is on its way', () => {
    const view = requestRender(emptyRender('s'), 1)
    expect(renderStateOf(view)).toBe('rendering')
    const shown = applyUpdate(view, update(1, ['a']))!
    expect(renderStateOf(shown)).toBe('idle')
    expect(shown.version).toBe(1)
  })

  it('should stay rendering while a long render sends its first blocks', () => {
    const partial = applyUpdate(requestRender(emptyRender('s'), 1), {...update(1, ['a']), partial: true})!
    expect(renderStateOf(partial)).toBe('rendering')
    expect(renderStateOf(applyUpdate(partial, update(1, ['b'], {orderStart: 1}))!)).toBe('idle')
  })

  it('should replace the tail of the order and keep the blocks it already has', () => {
    const first = applyUpdate(emptyRender('s'), update(1, ['a', 'b', 'c']))!
    const second = applyUpdate(first, update(2, ['d', 'c'], {orderStart: 1, sent: ['d']}))!
    expect(idsOf(second)).toEqual(['a', 'd', 'c'])
    expect(second.blocks.get('a')).toBe(first.blocks.get('a'))
    expect(second.blocks.get('c')).toBe(first.blocks.get('c'))
    // Blocks that left the document are dropped; the session sends them again if they return.
    expect(second.blocks.has('b')).toBe(false)
  })

  it('should report an update that does not fit what was received', () => {
    const first = applyUpdate(emptyRender('s'), update(1, ['a']))!
    expect(applyUpdate(first, update(2, ['b'], {sent: []}))).toBeUndefined()
    expect(applyUpdate(first, update(2, ['b'], {orderStart: 1, total: 5}))).toBeUndefined()
    expect(applyUpdate(first, update(2, ['b'], {orderStart: 3}))).toBeUndefined()
  })

  it('should ignore updates of another session', () => {
    const view = emptyRender('other')
    expect(applyUpdate(view, update(1, ['a']))).toBe(view)
  })

  it('should keep the last good render on failure and clear the failure on success', () => {
    const shown = applyUpdate(requestRender(emptyRender('s'), 1), update(1, ['a']))!
    const failed = failRender(requestRender(shown, 2), 'The render worker crashed')
    expect(renderStateOf(failed)).toBe('error')
    expect(failed.order).toBe(shown.order)
    // A new worker starts the session over: the whole order comes again.
    const recovered = applyUpdate(failed, update(2, ['b']))!
    expect(renderStateOf(recovered)).toBe('idle')
    expect(idsOf(recovered)).toEqual(['b'])
    expect(recovered.error).toBe('The render worker crashed')
    expect(dismissError(recovered).error).toBeUndefined()
  })
})

/** A first update of session `sessionId` with `count` one-paragraph blocks. */
function firstUpdate(sessionId: string, count: number, partial: boolean): SessionUpdate {
  const blocks = Array.from({length: count}, (_, index) => ({
    id: `k${index}`,
    hast: {type: 'root' as const, children: [{type: 'text' as const, value: `block ${index}`}]},
  }))
  return {
    sessionId,
    version: 1,
    order: blocks.map(({id}, index) => ({id, lineOffset: index * 2})),
    orderStart: 0,
    orderKeep: 0,
    total: count,
    scanned: count,
    blocks,
    messages: [],
    ms: 1,
    rendered: count,
    partial,
  }
}

/** Whether `promise` has settled after the pending tasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

describe('firstBlocksReady', () => {
  it('should wait for the first blocks of that document, not of another', async () => {
    const store = createStore()
    store.set(renderViewAtom, emptyRender('doc'))
    const shown = firstBlocksReady(store, 'doc')
    expect(await settled(shown)).toBe(false)
    store.set(renderViewAtom, applyUpdate(emptyRender('other'), firstUpdate('other', 3, true))!)
    expect(await settled(shown)).toBe(false)
    store.set(renderViewAtom, applyUpdate(emptyRender('doc'), firstUpdate('doc', 1, true))!)
    expect(await settled(shown)).toBe(true)
  })

  it('should not wait for a render that failed or came out empty', async () => {
    const store = createStore()
    store.set(renderViewAtom, emptyRender('doc'))
    const failed = firstBlocksReady(store, 'doc')
    store.set(renderViewAtom, failRender(store.get(renderViewAtom), 'The render worker stopped'))
    expect(await settled(failed)).toBe(true)

    store.set(renderViewAtom, emptyRender('blank'))
    const empty = firstBlocksReady(store, 'blank')
    expect(await settled(empty)).toBe(false)
    store.set(renderViewAtom, applyUpdate(store.get(renderViewAtom), firstUpdate('blank', 0, false))!)
    expect(await settled(empty)).toBe(true)
  })

  it('should give up waiting after the limit', async () => {
    const store = createStore()
    store.set(renderViewAtom, emptyRender('doc'))
    const shown = firstBlocksReady(store, 'doc', 50)
    expect(await settled(shown)).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(await settled(shown)).toBe(true)
  })
})
