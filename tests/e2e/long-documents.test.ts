/**
 * Long documents in the Editor view, in Chromium against the production
 * build: the panes scroll together, a 1 MB sample loads into Monaco a chunk
 * at a time and typing in it sends the worker only what changed, the
 * preview mounts only what is near the screen, and a worker
 * that fails leaves the last render in place. No request may leave
 * localhost.
 */
import GithubSlugger from 'github-slugger'
import lzString from 'lz-string'
import type {Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {openAppPage, type AppPage} from './app-page.ts'
import type {NetworkLog, Served} from './browser.ts'
import {generateMarkdown} from '../../shared/gen-samples.ts'
import {
  documentName,
  focusEditorEnd,
  installPaintedFrames,
  openMarkdown,
  openSample,
  previewRoot,
  renderVersion,
  visibleEditorLines,
  waitForDocument,
  waitForEditor,
  waitForRender,
  type PaintedFrames,
} from './app-helpers.ts'

let app: AppPage
let page: Page
let served: Served
let network: NetworkLog
let errors: string[]

beforeAll(async () => {
  app = await openAppPage()
  ;({page, served, network, errors} = app)
  await page.goto(served.url)
  await waitForEditor(page)
})

afterAll(async () => {
  await app?.close()
})

describe('scroll sync', () => {
  it('should scroll the editor with the preview and the preview with the editor', async () => {
    await openSample(page, 'large-100k', 'Large document (100 KB)')
    await waitForEditor(page)
    const preview = page.locator(previewRoot)
    await preview.hover()
    await page.mouse.wheel(0, 6000)
    await expect.poll(async () => (await visibleEditorLines(page))[0], {timeout: 5000}).toBeGreaterThan(50)
    const previewTop = await preview.evaluate((node) => node.scrollTop)

    // Monaco scrolls only a few lines per synthetic wheel event; page down as a user would.
    await page.click('.monaco-editor .view-lines')
    for (let index = 0; index < 12; index++) await page.keyboard.press('PageDown')
    await expect.poll(() => preview.evaluate((node) => node.scrollTop), {timeout: 5000}).toBeGreaterThan(previewTop + 2000)
    // The preview's top block comes to the block at the editor's first
    // visible line, give or take one. Polled: blocks laid out as they come
    // into view change their heights, and the sync follows a frame later (a
    // fresh-clone CI run read 26 lines apart just before it settled).
    const previewLine = () =>
      preview.evaluate((node) => {
        const top = node.getBoundingClientRect().top
        const blocks = [...node.querySelectorAll<HTMLElement>('.block > [data-line-start]')]
        const block = blocks.find((element) => element.getBoundingClientRect().bottom > top + 1)!
        return Number(block.dataset.lineStart) + Number(block.parentElement!.dataset.lineOffset)
      })
    await expect.poll(async () => Math.abs((await previewLine()) - (await visibleEditorLines(page))[0]!), {timeout: 5000}).toBeLessThan(12)
  })

  it('should render an edit to the 100 KB sample quickly', async () => {
    const before = await renderVersion(page)
    await focusEditorEnd(page)
    await page.keyboard.type('x')
    await waitForRender(page, before)
    const ms = Number(await page.getAttribute('.status-ms', 'data-ms'))
    console.log(`render of the 100 KB sample after typing: ${ms} ms (worker)`)
    expect(ms).toBeGreaterThan(0)
  })
})

describe('a long document in the editor', () => {
  it('should load the 1 MB sample into Monaco a chunk at a time, read-only until whole, losing nothing and adding no undo step', async () => {
    const text = generateMarkdown(1_000_000, 2)
    const headings = text.split('\n').filter((line) => line.startsWith('## '))
    const lastHeading = headings[headings.length - 1]!.slice(3)
    // Folding: on in a short document, off in a long one (see `foldingMaxLines`).
    const foldingControls = () => page.locator('.monaco-editor .codicon-folding-expanded').count()
    await openMarkdown(page, served.url, '# Short\n\n- one\n  - two\n    - three\n')
    await expect.poll(foldingControls).toBeGreaterThan(0)
    // The preview's blocks and whether it laid out blocks out of view lazily, at every change.
    await page.$eval(previewRoot, (root) => {
      const seen: Array<[number, boolean]> = ((window as unknown as {previewStates: typeof seen}).previewStates = [])
      new MutationObserver(() => {
        const article = root.querySelector('article')
        seen.push([article?.querySelectorAll(':scope > .block-group > .block').length ?? 0, Boolean(article?.classList.contains('large'))])
      }).observe(root, {childList: true, subtree: true, attributes: true, attributeFilter: ['class']})
    })
    await page.click('.open-menu > .button')
    await page.click('[data-sample="large-1m"]')
    // The editor shows the start at once and is read-only while the rest goes in.
    await page.waitForSelector('[data-filling="true"]', {timeout: 10_000})
    await page.waitForSelector('[data-filling="false"]', {timeout: 60_000})
    await waitForDocument(page, 'Huge document (1 MB)')
    expect(await foldingControls()).toBe(0)
    // The preview mounts the groups near the screen: look at the end.
    const hasLastHeading = async () => {
      await page.$eval(previewRoot, (root) => root.scrollTo({top: root.scrollHeight}))
      return page.$$eval(`${previewRoot} h2`, (nodes, wanted) => nodes.some((node) => node.textContent?.includes(wanted)), lastHeading)
    }
    await expect.poll(hasLastHeading, {timeout: 30_000}).toBe(true)
    // Long from its first screen on: the first blocks were laid out alone,
    // and no class came later to restyle every block shown by then.
    const states = await page.evaluate(() => (window as unknown as {previewStates: Array<[number, boolean]>}).previewStates)
    const shown = states.slice(states.findLastIndex(([blocks]) => blocks === 0) + 1)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.filter(([, large]) => !large)).toEqual([])

    // Typed at the end of the editor's text: had the model missed a chunk,
    // the store would now hold the partial text and the preview would lose the end.
    const posted = await recordRenderCalls(page)
    const before = await renderVersion(page)
    await focusEditorEnd(page)
    await page.keyboard.type('\n\nFilled to the end')
    await waitForRender(page, before)
    await expect.poll(() => page.locator(`${previewRoot} p`, {hasText: 'Filled to the end'}).count(), {timeout: 30_000}).toBe(1)
    expect(await hasLastHeading()).toBe(true)
    // Each keystroke went to the worker as a change: no call carried the document.
    const calls = await posted()
    expect(calls.length).toBeGreaterThan(0)
    expect(Math.max(...calls)).toBeLessThan(100)

    // Undo takes back the typing, and nothing of the fill.
    for (let index = 0; index < 8; index++) await page.keyboard.press('Control+Z')
    await expect.poll(() => page.locator(`${previewRoot} p`, {hasText: 'Filled to the end'}).count(), {timeout: 30_000}).toBe(0)
    await waitForRender(page)
    expect(await hasLastHeading()).toBe(true)
  })

  it('should fill the model of a document of thousands of short lines once the editor shows it, losing nothing', async () => {
    await openMarkdown(page, served.url, '# Before\n')
    // 2,000 lines of 23 characters: filled (fill-model.ts), and short of
    // the length whose editor switches without waiting for the preview.
    const lines = Array.from({length: 2000}, (_, index) => `Line ${String(index + 1).padStart(4, '0')} of the notes.`)
    const before = await documentName(page)
    // The lines the editor's text holds as the first frame to show it is
    // painted: Monaco's content height, in lines, from its scrollbar (the
    // slider is to the track as the view to the content).
    await installPaintedFrames(page)
    await page.evaluate(() => {
      ;(window as unknown as PaintedFrames).eachPaintedFrame(() => {
        const track = document.querySelector<HTMLElement>('.monaco-editor .scrollbar.vertical')
        const slider = track?.querySelector<HTMLElement>('.slider')
        const line = document.querySelector<HTMLElement>('.monaco-editor .view-line')
        if (!track || !slider || !line || !document.querySelector('.monaco-editor .view-lines')?.textContent?.includes('Line\u00a00001')) return false
        const content = (track.offsetHeight * track.offsetHeight) / slider.offsetHeight
        ;(window as unknown as {firstPaintLines: number}).firstPaintLines = Math.round(content / line.offsetHeight)
        return true
      })
    })
    await page.evaluate((hash) => (location.hash = hash), `md=${lzString.compressToEncodedURIComponent(lines.join('\n'))}`)
    await page.waitForFunction((before) => document.querySelector<HTMLInputElement>('.doc-title')?.value !== before, before)
    // Shown in the editor with its first chunk only: the fill's appends
    // start a frame later, not laid out with Monaco's first render.
    const firstPaintLines = await (await page.waitForFunction(() => (window as unknown as {firstPaintLines?: number}).firstPaintLines)).jsonValue()
    expect(firstPaintLines).toBeGreaterThan(0)
    // `firstLines` in fill-model.ts, 100, and the editor's padding (an
    // append is 200 lines more).
    expect(firstPaintLines).toBeLessThanOrEqual(110)
    // And whole.
    await page.waitForSelector('[data-filling="false"]', {timeout: 30_000})
    await waitForRender(page)
    // Had a chunk been lost, the end would not be the document's.
    await focusEditorEnd(page)
    await expect.poll(async () => (await visibleEditorLines(page)).at(-1)).toBe(2000)
    // Monaco shows spaces as no-break spaces.
    expect((await page.locator('.monaco-editor .view-lines').textContent())!.replaceAll('\u00a0', ' ')).toContain(lines.at(-1))
  })
})

describe('a long document in the preview', () => {
  it('should mount only the groups near the screen, and mount the others when scrolled to, linked to or found', async () => {
    // A new document, mounted from the start (named `… 2` if the test above ran).
    const before = await page.inputValue('.doc-title')
    await page.click('.open-menu > .button')
    await page.click('[data-sample="large-1m"]')
    await page.waitForFunction((before) => {
      const name = document.querySelector<HTMLInputElement>('.doc-title')?.value ?? ''
      return name !== before && name.startsWith('Huge document (1 MB)')
    }, before)
    await waitForRender(page)
    const preview = page.locator(previewRoot)
    const groups = () =>
      preview.evaluate((root) => {
        const article = root.querySelector('article')!
        return {
          placeholders: article.querySelectorAll(':scope > .group-placeholder').length,
          mounted: article.querySelectorAll(':scope > .block-group:not(.group-placeholder)').length,
          elements: article.querySelectorAll('*').length,
        }
      })
    // Whether the element `selector` names starts within the preview's viewport.
    const inView = (selector: string) =>
      preview.evaluate((root, selector) => {
        const box = root.getBoundingClientRect()
        const top = root.querySelector(selector)?.getBoundingClientRect().top
        return top !== undefined && top >= box.top - 1 && top < box.bottom
      }, selector)
    // Thousands of blocks, a few groups of them mounted.
    const opened = await groups()
    console.log(`1 MB sample opened: ${opened.mounted} groups mounted, ${opened.placeholders} not, ${opened.elements} elements`)
    expect(opened.placeholders).toBeGreaterThan(100)
    expect(opened.mounted).toBeLessThan(10)

    // Scrolled to the middle, the preview shows blocks, not a placeholder.
    await preview.evaluate((root) => root.scrollTo({top: root.scrollHeight / 2}))
    const atCenter = () =>
      preview.evaluate((root) => {
        const box = root.getBoundingClientRect()
        const element = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return element?.closest('.group-placeholder') ? 'placeholder' : element?.closest('.block') ? 'block' : String(element?.className)
      })
    await expect.poll(atCenter, {timeout: 5_000}).toBe('block')

    // Find in page: a placeholder holds its group's text, hidden until found;
    // when the browser finds a match in it, the group mounts.
    const far = preview.locator('.group-placeholder-text').nth(60)
    await expect.poll(() => far.evaluate((node) => node.textContent!.length), {timeout: 10_000}).toBeGreaterThan(100)
    expect(await far.getAttribute('hidden')).toBe('until-found')
    const line = Number(await far.evaluate((node) => node.parentElement!.dataset.lineOffset))
    const words = (text: string) => text.replace(/\s+/g, ' ').trim()
    // Its longest line: a paragraph's text, whole in the DOM too (a code block's has its toolbar's around it).
    const text = words((await far.evaluate((node) => node.textContent!)).split('\n').reduce((longest, line) => (line.length > longest.length ? line : longest)))
    expect(text.length).toBeGreaterThan(40)
    await far.evaluate((node) => node.dispatchEvent(new Event('beforematch')))
    const group = preview.locator(`.block-group:not(.group-placeholder):has(> .block[data-line-offset="${line}"])`)
    await expect.poll(() => group.count(), {timeout: 5_000}).toBe(1)
    expect(words((await group.textContent())!)).toContain(text)

    // A footnote reference at the top links to the footnotes section at the end.
    await preview.evaluate((root) => root.scrollTo({top: 0}))
    const reference = preview.locator('a[data-footnote-ref]').first()
    const target = `[id="${(await reference.getAttribute('href'))!.slice(1)}"]`
    expect(await preview.locator(target).count()).toBe(0)
    await reference.click()
    await expect.poll(() => inView(target), {timeout: 5_000}).toBe(true)

    // A link to a heading far down, typed at the top as a table of contents would have it.
    const headings = generateMarkdown(1_000_000, 2)
      .split('\n')
      .filter((line) => line.startsWith('## '))
    const slug = new GithubSlugger().slug(headings[Math.floor(headings.length * 0.6)]!.slice(3))
    const heading = `[id="user-content-${slug}"]`
    expect(await preview.locator(heading).count()).toBe(0)
    const version = await renderVersion(page)
    await page.click('.monaco-editor .view-lines')
    await page.keyboard.press('Control+Home')
    await page.keyboard.insertText(`[Far down](#${slug})\n\n`)
    await waitForRender(page, version)
    await preview.evaluate((root) => root.scrollTo({top: 0}))
    await preview.locator(`a[href="#${slug}"]`).click()
    await expect.poll(() => inView(heading), {timeout: 5_000}).toBe(true)
  })
})

describe('worker failure', () => {
  it('should keep the last render, show the reason, and render again in a new worker', async () => {
    const renderWorker = page.workers().find((worker) => worker.url().includes('render.worker'))
    expect(renderWorker).toBeDefined()
    const blocks = await page.locator(`${previewRoot} .block`).count()
    // From the crash until the new worker's render is done, the blocks in
    // view stay: record any that goes missing from the preview meanwhile.
    await page.evaluate((selector) => {
      const root = document.querySelector(selector)!
      const box = root.getBoundingClientRect()
      const offsets = () => new Set([...root.querySelectorAll<HTMLElement>('.block')].map((block) => block.dataset.lineOffset))
      const inView = [...root.querySelectorAll<HTMLElement>('.block')]
        .filter((block) =>
          [...block.children].some((child) => {
            const rect = child.getBoundingClientRect()
            return rect.bottom > box.top && rect.top < box.bottom
          }),
        )
        .map((block) => block.dataset.lineOffset)
      const record = window as unknown as {inView: number; missing: string[]}
      record.inView = inView.length
      record.missing = []
      new MutationObserver(() => {
        const present = offsets()
        for (const offset of inView) if (!present.has(offset) && !record.missing.includes(offset!)) record.missing.push(offset!)
      }).observe(root, {childList: true, subtree: true})
    }, previewRoot)
    await renderWorker!.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom from the test')
      })
    })
    await page.waitForSelector('.render-error:has-text("boom from the test")')
    expect(await page.locator(`${previewRoot} .block`).count()).toBe(blocks)
    await waitForRender(page)
    // The new worker rendered the text again without the preview dropping what it showed.
    const {inView, missing} = await page.evaluate(() => {
      const record = window as unknown as {inView: number; missing: string[]}
      return {inView: record.inView, missing: record.missing}
    })
    expect(inView).toBeGreaterThan(0)
    expect(missing).toEqual([])
    const before = await renderVersion(page)
    await focusEditorEnd(page)
    await page.keyboard.type('\n\nAfter the crash.')
    await waitForRender(page, before)
    expect(await page.locator(`${previewRoot} p:has-text("After the crash.")`).count()).toBe(1)
    await page.click('.render-error-close')
    expect(await page.locator('.render-error').count()).toBe(0)
  })
})

describe('boundaries', () => {
  it('should make no request outside localhost and log no errors', () => {
    expect(network.urls.length).toBeGreaterThan(10)
    expect(network.external()).toEqual([])
    expect(errors.filter((error) => !error.includes('boom from the test'))).toEqual([])
  })
})

/**
 * From now on, record the render calls the page posts to its worker (the
 * longest string each carries); returns a function that reads them.
 */
async function recordRenderCalls(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const longest = (value: unknown, depth: number): number =>
      typeof value === 'string'
        ? value.length
        : value && typeof value === 'object' && depth < 8
          ? Math.max(0, ...Object.values(value).map((item) => longest(item, depth + 1)))
          : 0
    const calls: number[] = ((window as unknown as {renderCalls: number[]}).renderCalls = [])
    const post = Worker.prototype.postMessage
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: [StructuredSerializeOptions?]) {
      // Comlink's call of the worker's `streamSession`.
      if ((message as {path?: string[]} | null)?.path?.[0] === 'streamSession') calls.push(longest(message, 0))
      return post.call(this, message, ...rest)
    } as typeof Worker.prototype.postMessage
  })
  return () => page.evaluate(() => (window as unknown as {renderCalls: number[]}).renderCalls)
}
