import type {Root} from 'hast'
import {describe, expect, it} from 'vitest'
import {applyUpdate, dismissError, emptyRender, failRender, renderStateOf, requestRender, type RenderView} from '../../src/state/render.ts'
import type {SessionUpdate} from '../../workers/session-types.ts'

const block = (text: string): Root => ({type: 'root', children: [{type: 'text', value: text}]})

/** An update whose order is `keys` from `orderStart` on, sending the blocks `sent` (default: all of `keys`). */
function update(version: number, keys: string[], options: {orderStart?: number; total?: number; sent?: string[]} = {}): SessionUpdate {
  const {orderStart = 0, total = orderStart + keys.length, sent = keys} = options
  return {
    sessionId: 's',
    version,
    order: keys.map((key, index) => ({key, lineOffset: (orderStart + index) * 2})),
    orderStart,
    total,
    scanned: total,
    blocks: sent.map((key) => ({key, hast: block(key)})),
    messages: [],
    ms: 5,
    rendered: sent.length,
    partial: false,
  }
}

const keysOf = (view: RenderView | undefined) => view?.order.map((item) => item.key)

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
    expect(keysOf(second)).toEqual(['a', 'd', 'c'])
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
    expect(keysOf(recovered)).toEqual(['b'])
    expect(recovered.error).toBe('The render worker crashed')
    expect(dismissError(recovered).error).toBeUndefined()
  })
})
