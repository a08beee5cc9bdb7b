/**
 * A worker call's partial updates come through the progress callback's own
 * port and may reach the main thread after the call's result. The real
 * session renders a long document; its partial updates are delivered late,
 * as the browser may deliver them, and the view takes in what comes out.
 */
import {beforeAll, describe, expect, it} from 'vitest'
import {generateMarkdown} from '../../scripts/gen-samples.ts'
import {inSendingOrder} from '../../src/render/sending-order.ts'
import {applyUpdate, emptyRender, type RenderView} from '../../src/state/render.ts'
import {closeSession, renderSession} from '../../workers/session.ts'
import type {SessionUpdate} from '../../workers/session-types.ts'

const markdown = generateMarkdown(300_000, 3)

/** The partial updates of one long render, held back until after its result; and the result. */
let late: SessionUpdate[]
let result: SessionUpdate

beforeAll(async () => {
  late = []
  result = await renderSession('late', markdown, 1, {}, (update) => void late.push(update))
  closeSession('late')
})

describe('partial updates that arrive after the result', () => {
  it('should not fit when taken in the order they arrive', async () => {
    // A long render: partial updates, and a result that counts them.
    expect(late.length).toBeGreaterThan(1)
    expect(result.partials).toBe(late.length)
    expect(applyUpdate(emptyRender('late'), result)).toBeUndefined()
  })

  it('should be taken in before the result, which then fits', async () => {
    let view: RenderView | undefined = emptyRender('late')
    const applied: string[] = []
    const ordered = inSendingOrder((update) => {
      applied.push(`partial ${update.order.length}`)
      view = view && applyUpdate(view, update)
    })
    const resultTaken = ordered.result(result).then((update) => {
      applied.push('result')
      view = view && applyUpdate(view, update)
    })
    // The partial updates arrive after the result, one task apart.
    for (const update of late) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      expect(applied).not.toContain('result')
      ordered.progress(update)
    }
    await resultTaken
    expect(applied).toEqual([...late.map((update) => `partial ${update.order.length}`), 'result'])
    expect(view).toBeDefined()
    expect(view!.order.length).toBe(result.total)
    expect(view!.partial).toBe(false)
  })

  it('should wait for them only so long, then drop the ones that come later', async () => {
    const applied: SessionUpdate[] = []
    const ordered = inSendingOrder((update) => void applied.push(update), 50)
    const started = performance.now()
    expect(await ordered.result(result)).toBe(result)
    expect(performance.now() - started).toBeGreaterThanOrEqual(45)
    for (const update of late) ordered.progress(update)
    expect(applied).toEqual([])
  })

  it('should not wait when the partial updates came first', async () => {
    const applied: SessionUpdate[] = []
    const ordered = inSendingOrder((update) => void applied.push(update), 60_000)
    for (const update of late) ordered.progress(update)
    expect(await ordered.result(result)).toBe(result)
    expect(applied).toEqual(late)
  })
})
