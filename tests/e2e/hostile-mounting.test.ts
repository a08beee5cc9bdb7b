/**
 * What the app shows of hostile documents, in Chromium: long lists,
 * paragraphs, nesting and tables mounted a part at a time and shown whole,
 * a long line not word-wrapped, and the watchdog that stops a render that
 * takes too long. The bounds on the main thread's tasks for the same inputs
 * are in hostile.test.ts.
 */
import type {Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {nestingSliceLevels} from '../../src/render/components.tsx'
import {hostileInputs} from '../fixtures/hostile.ts'
import {focusEditorEnd, previewRoot, renderVersion, waitForRender} from './app-helpers.ts'
import {HostilePage, watchdogMs} from './hostile-page.ts'

let app: HostilePage
let page: Page

beforeAll(async () => {
  app = await HostilePage.open()
  page = app.page
})

afterAll(async () => {
  await app?.close()
})

describe('hostile markdown shown a part at a time', () => {
  it('should show every item of a long list once its slices are mounted', async () => {
    // A long list mounts a slice of items per frame (src/render/components.tsx).
    await app.openShared(hostileInputs.find(({name}) => name === 'long-list')!.markdown())
    await app.settled(watchdogMs)
    await page.waitForFunction((selector) => document.querySelectorAll(`${selector} li`).length === 5_000, previewRoot, {timeout: 10_000})
    const items = page.locator(`${previewRoot} li`)
    expect([await items.first().textContent(), await items.last().textContent()]).toEqual(['item 0', 'item 4999'])
  })

  it('should show all of a long paragraph once its chunks are mounted, a few at a time', async () => {
    // A long paragraph's chunks mount a few hundred elements at a time (src/render/components.tsx).
    const referenceCounts = await app.watchCount('p[data-text-chunks] sup')
    await app.openShared(hostileInputs.find(({name}) => name === 'footnotes')!.markdown())
    await app.settled(watchdogMs)
    await page.waitForFunction((selector) => document.querySelectorAll(`${selector} p[data-text-chunks] sup`).length === 1_000, previewRoot, {timeout: 10_000})
    const counts = await referenceCounts()
    expect(counts[0]).toBeLessThan(500)
    expect(counts.at(-1)).toBe(1_000)
    // In order, and the last links to its note.
    const references = page.locator(`${previewRoot} p[data-text-chunks] sup a`)
    expect([await references.first().textContent(), await references.last().textContent()]).toEqual(['1', '1000'])
    // Its note may not be mounted yet (the notes mount a hundred at a time): the link waits for it.
    await references.last().click()
    const noteInView = () =>
      page.evaluate((selector) => {
        const note = document.querySelector(`${selector} li[id$="fn-999"]`)
        const box = document.querySelector(selector)!.getBoundingClientRect()
        const rect = note?.getBoundingClientRect()
        return rect !== undefined && rect.top >= box.top && rect.top < box.bottom
      }, previewRoot)
    await expect.poll(noteInView, {timeout: 10_000}).toBe(true)
  })

  it('should mount a paragraph of 2 MB of text a part at a time', async () => {
    // Creating and laying out that much text is too much for one frame, however few elements hold it.
    const chunkCounts = await app.watchCount('p[data-text-chunks] > *')
    const markdown = hostileInputs.find(({name}) => name === 'long-line')!.markdown()
    await app.openShared(markdown)
    await app.settled(watchdogMs)
    await page.waitForFunction(
      ({selector, length}) => (document.querySelector(`${selector} p[data-text-chunks]`)?.textContent?.length ?? 0) >= length,
      {selector: previewRoot, length: markdown.trim().length},
      {timeout: 10_000},
    )
    const counts = await chunkCounts()
    expect(counts.length).toBeGreaterThan(2)
    expect(counts[0]).toBeLessThan(counts.at(-1)! / 2)
  })

  it('should show every level of a deeply nested list once its levels are mounted', async () => {
    // Deep nesting mounts a few dozen levels a frame (src/render/components.tsx).
    const nested = hostileInputs.find(({name}) => name === 'nested-list-lines')!.markdown()
    const levels = nested.split('\n').length
    await app.openShared(nested)
    await app.settled(watchdogMs)
    await page.waitForFunction(([selector, count]) => document.querySelectorAll(`${selector} li`).length === count, [previewRoot, levels] as const, {
      timeout: 10_000,
    })
    const deepest = await page.evaluate((selector) => {
      const items = [...document.querySelectorAll(`${selector} li`)]
      const last = items.at(-1)!
      let lists = 0
      for (let element = last.parentElement; element; element = element.parentElement) if (element.tagName === 'UL') lists++
      return {text: last.textContent, lists}
    }, previewRoot)
    expect(deepest).toEqual({text: `item ${levels - 1}`, lists: levels})

    // Leaving it takes the levels apart deepest first, a few frames before
    // the next document shows (src/render/leave-nesting.ts), under React's
    // feet: the commit that shows the next document removes at most the
    // first slice of levels, the next document shows whole, and so does
    // this one again.
    await page.evaluate((selector) => {
      const batches: {removed: number; shown: boolean}[] = ((window as unknown as {nestingBatches: typeof batches}).nestingBatches = [])
      const observer = new MutationObserver((records) => {
        let removed = 0
        for (const record of records)
          for (const node of record.removedNodes) if (node instanceof Element) removed += (node.matches('li') ? 1 : 0) + node.querySelectorAll('li').length
        const shown = document.querySelector(`${selector} h1`)?.textContent === 'After the nesting'
        batches.push({removed, shown})
        if (shown) observer.disconnect()
      })
      observer.observe(document.querySelector(selector)!, {childList: true, subtree: true})
    }, previewRoot)
    await app.openShared('# After the nesting\n\n- one\n- two\n')
    await app.settled(watchdogMs)
    expect(await page.locator(`${previewRoot} li`).allTextContents()).toEqual(['one', 'two'])
    const batches = await page.evaluate(() => (window as unknown as {nestingBatches: {removed: number; shown: boolean}[]}).nestingBatches)
    const showing = batches.findIndex(({shown}) => shown)
    expect(showing).not.toBe(-1)
    expect(batches[showing]!.removed).toBeLessThanOrEqual(nestingSliceLevels)
    expect(batches.slice(0, showing).reduce((sum, {removed}) => sum + removed, 0)).toBeGreaterThanOrEqual(levels - nestingSliceLevels)
    await app.openShared(nested)
    await app.settled(watchdogMs)
    await page.waitForFunction(([selector, count]) => document.querySelectorAll(`${selector} li`).length === count, [previewRoot, levels] as const, {
      timeout: 10_000,
    })
    expect(await page.locator(`${previewRoot} li`).last().textContent()).toBe(`item ${levels - 1}`)
  })

  it('should not word-wrap a document with a line of over 10,000 characters', async () => {
    // Monaco wraps a line whole in the task that shows it (src/editor/fill-model.ts).
    const rows = () => page.locator('.monaco-editor .view-line').count()
    await app.openShared('# Short lines\n\n' + 'words and more words '.repeat(40) + '\n')
    await app.settled(watchdogMs)
    await expect.poll(rows).toBeGreaterThan(3)
    await app.openShared(hostileInputs.find(({name}) => name === 'long-line')!.markdown())
    await app.settled(watchdogMs)
    // One line, one row, scrolled sideways.
    await expect.poll(rows).toBe(1)
    const scroll = await page
      .locator('.monaco-editor .monaco-scrollable-element')
      .first()
      .evaluate((box) => box.querySelector('.scrollbar.horizontal')?.className ?? '')
    expect(scroll).toContain('visible')
    // Its first 2,000 characters, then the size of the rest (src/editor/Editor.tsx).
    const line = await page.locator('.monaco-editor .view-line').evaluate((row) => {
      const more = row.querySelector('.mtkoverflow')
      return {shown: (row.textContent ?? '').length - (more?.textContent?.length ?? 0), more: more?.textContent}
    })
    expect(line.shown).toBe(2_000)
    expect(line.more).toMatch(/^Show more \([\d.]+ ?MB\)$/)
  })

  it('should mount the columns of a wide table as it scrolls to them', async () => {
    // Past 100 columns only the columns in view are mounted (src/render/components.tsx).
    const row = (cell: (index: number) => string) => `|${Array.from({length: 2_000}, (_, index) => cell(index)).join('|')}|`
    await app.openShared(['# Wide', row((index) => `c${index}`), row((index) => (index % 2 ? '--:' : ':--')), row((index) => `v${index}`)].join('\n'))
    await app.settled(watchdogMs)
    const table = page.locator(`${previewRoot} .wide-table`)
    const inView = () =>
      table.evaluate((box) => {
        const bounds = box.getBoundingClientRect()
        return [...box.querySelectorAll('th')]
          .filter((cell) => {
            const rect = cell.getBoundingClientRect()
            return rect.right > bounds.left + 1 && rect.left < bounds.right - 1
          })
          .map((cell) => cell.textContent)
      })
    expect((await inView())[0]).toBe('c0')
    expect(await table.locator('th').count()).toBeLessThan(40)
    // Scrolled to its end, the last columns are in view, with their own cells and alignment.
    await table.evaluate((box) => box.scrollTo({left: box.scrollWidth}))
    await expect.poll(async () => (await inView()).at(-1), {timeout: 5_000}).toBe('c1999')
    expect(await table.locator('th').count()).toBeLessThan(40)
    const last = table.locator('td', {hasText: 'v1999'})
    expect(await last.evaluate((cell) => getComputedStyle(cell).textAlign)).toBe('right')
    expect(await table.locator('td', {hasText: 'v1998'}).evaluate((cell) => getComputedStyle(cell).textAlign)).toBe('left')
  })
})

describe('the watchdog', () => {
  it('should stop a render that takes too long, keep the last good render, and render again after', async () => {
    await app.openShared('# Before\n\nA good render.\n')
    await waitForRender(page)
    const blocks = await page.locator(`${previewRoot} .block`).count()
    // One paragraph of 60,000 different formulas: typesetting them is one block's work, well over the watchdog's bound.
    const slow = Array.from({length: 60_000}, (_, index) => `$x_{${index}}$`).join(' ')
    // The stuck text arrives as an edit of this document.
    await app.pasteIntoEditor(slow)
    await page.waitForSelector('.render-error', {timeout: watchdogMs + 20_000})
    const alert = (await page.textContent('.render-error'))!
    expect(alert).toContain('took longer than 10 s')
    expect(alert).toContain('Before')
    expect(await page.locator(`${previewRoot} .block`).count()).toBe(blocks)
    expect(await page.locator(`${previewRoot} h1`).textContent()).toContain('Before')
    // A new worker renders the next text.
    const before = await renderVersion(page)
    await app.pasteIntoEditor('# After\n\nRendered by a new worker.')
    await waitForRender(page, before)
    expect(await page.locator(`${previewRoot} h1`).textContent()).toContain('After')
    await focusEditorEnd(page)
  })

  it('should say why a document that nests too deeply cannot be exported', async () => {
    await app.openShared(`${'> '.repeat(150)}Too deep\n`)
    expect(await app.settled(30_000)).toBe('error')
    await page.click('button:has-text("Export HTML")')
    const notice = page.locator('.file-notice[role="alert"]')
    await notice.waitFor()
    expect(await notice.textContent()).toMatch(/^Export failed: .*nests too deeply/)
    await notice.locator('button[aria-label="Dismiss"]').click()
    await page.click('.render-error-close')
  })

  it('should make no request outside localhost', () => {
    expect(app.network.external()).toEqual([])
    // Each stopped render and each failure is logged once, as it should be.
    expect(app.errors.filter((error) => !/took longer than|nests too deeply/.test(error))).toEqual([])
  })
})
