/**
 * The Editor view in Chromium, against the production build: typing renders,
 * every markdown feature reaches the DOM, the link rule holds, the theme
 * switches, and the panes scroll together. No request may leave localhost.
 */
import {readFile} from 'node:fs/promises'
import path from 'node:path'
import GithubSlugger from 'github-slugger'
import lzString from 'lz-string'
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {appBuild, collectErrors, guardNetwork, launchChromium, root, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'
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

let build: AppBuild
let served: Served
let browser: Browser
let context: BrowserContext
let page: Page
let network: NetworkLog
let errors: string[]

beforeAll(async () => {
  build = appBuild()
  served = await serve(build.outDir)
  browser = await launchChromium()
  context = await browser.newContext({viewport: {width: 1400, height: 900}})
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: served.url})
  page = await context.newPage()
  network = guardNetwork(page)
  errors = collectErrors(page)
  await page.goto(served.url)
  await waitForEditor(page)
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

describe('editor and preview', () => {
  it('should render what is typed in Monaco', async () => {
    await openMarkdown(page, served.url, '# Typing test\n')
    const before = await renderVersion(page)
    await focusEditorEnd(page)
    await page.keyboard.type('\nHello **bold** and `code`')
    await waitForRender(page, before)
    expect(await page.textContent(`${previewRoot} p strong`)).toBe('bold')
    expect(await page.textContent(`${previewRoot} p code`)).toBe('code')
  })

  it('should patch the block typed at the end of the document, not build it again', async () => {
    await openMarkdown(page, served.url, '# Patching\n\nFirst paragraph.\n\n- item one\n- item two')
    // The nodes on screen, marked: a block built again would come without the mark.
    await page.$eval(`${previewRoot} li:last-child`, (node) => ((node as HTMLElement & {mark?: boolean}).mark = true))
    const before = await renderVersion(page)
    await focusEditorEnd(page)
    await page.keyboard.type(' and more', {delay: 20})
    await waitForRender(page, before)
    await expect.poll(() => page.textContent(`${previewRoot} li:last-child`)).toBe('item two and more')
    expect(await page.$eval(`${previewRoot} li:last-child`, (node) => (node as HTMLElement & {mark?: boolean}).mark)).toBe(true)
  })

  it('should patch a long list edited above the end of the document, every item shown throughout', async () => {
    // A long list mounts its items a slice at a time (src/render/components.tsx); built again, it would show its first slices only for a few frames.
    const items = Array.from({length: 1_000}, (_, index) => `- item ${index}`)
    await openMarkdown(page, served.url, [...items, '', 'After the list.'].join('\n'))
    await page.waitForFunction((selector) => document.querySelectorAll(`${selector} li`).length === 1_000, previewRoot)
    await page.$eval(`${previewRoot} ul`, (node) => ((node as HTMLElement & {mark?: boolean}).mark = true))
    await installPaintedFrames(page)
    await page.evaluate((selector) => {
      const counts: number[] = ((window as unknown as {itemCounts: number[]}).itemCounts = [])
      ;(window as unknown as PaintedFrames).eachPaintedFrame(() => {
        counts.push(document.querySelectorAll(`${selector} li`).length)
        return document.querySelector(`${selector} li`)?.textContent === 'item 0 edited'
      })
    }, previewRoot)
    await page.click('.monaco-editor .view-lines')
    await page.keyboard.press('Control+Home')
    await page.keyboard.press('End')
    await page.keyboard.type(' edited', {delay: 20})
    await expect.poll(() => page.textContent(`${previewRoot} li`)).toBe('item 0 edited')
    const counts = await page.evaluate(() => (window as unknown as {itemCounts: number[]}).itemCounts)
    expect(Math.min(...counts)).toBe(1_000)
    expect(await page.$eval(`${previewRoot} ul`, (node) => (node as HTMLElement & {mark?: boolean}).mark)).toBe(true)
    expect(await page.textContent(`${previewRoot} p`)).toBe('After the list.')
  })

  it('should keep the other blocks of a group when the block that starts it is edited', async () => {
    // Blocks are cut into groups at blocks whose React key hashes to 0 mod 32 (src/render/BlocksView.tsx).
    const paragraphs = Array.from({length: 200}, (_, index) => `Paragraph ${index} with **some** text and \`code\` and more words to make it longer.`)
    await openMarkdown(page, served.url, paragraphs.join('\n\n'))
    const groupSizes = () => page.$$eval(`${previewRoot} .block-group`, (groups) => groups.map((group) => group.children.length))
    const groups = await groupSizes()
    expect(groups.length).toBeGreaterThan(1)
    await page.$$eval(`${previewRoot} p`, (nodes) => {
      for (const node of nodes) (node as HTMLElement & {mark?: boolean}).mark = true
    })
    const first = page.locator(`${previewRoot} .block-group:nth-child(2) > .block:first-child p`)
    const text = (await first.textContent())!
    // A click on a block puts the editor's cursor on its line.
    await first.click()
    await page.keyboard.press('Home')
    await page.keyboard.type('Edited: ', {delay: 20})
    await expect.poll(() => page.locator(`${previewRoot} p`, {hasText: 'Edited: '}).textContent()).toBe(`Edited: ${text}`)
    // The same groups, and no paragraph built again: the edited one patched.
    expect(await groupSizes()).toEqual(groups)
    expect(await page.$$eval(`${previewRoot} p`, (nodes) => nodes.filter((node) => !(node as HTMLElement & {mark?: boolean}).mark).length)).toBe(0)
  })

  it('should show every markdown feature of the feature tour', async () => {
    await openSample(page, 'feature-tour', 'Feature tour')
    const count = (selector: string) => page.locator(`${previewRoot} ${selector}`).count()
    for (const tag of [
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'table',
      'blockquote blockquote',
      'del',
      'em',
      'strong',
      'hr',
      'ol ol, ul ol',
      'details summary',
      'kbd',
      'sub',
      'sup',
    ]) {
      expect(await count(tag), tag).toBeGreaterThan(0)
    }
    // hast-util-to-jsx-runtime turns `align` into `text-align`.
    // The tour's aligned table (the front matter's table comes before it).
    const right = page.locator(`${previewRoot} th`, {hasText: /^Right$/})
    expect(await right.evaluate((node) => getComputedStyle(node).textAlign)).toBe('right')
    // Task lists: read-only checkboxes that keep their state when clicked.
    const checkbox = page.locator(`${previewRoot} .task-list-item input[type="checkbox"]`).first()
    expect(await checkbox.isDisabled()).toBe(true)
    expect(await checkbox.isChecked()).toBe(true)
    // Footnotes, math (inline, display with $$ and \[ … \], fence, broken), code.
    expect(await count('[data-footnote-ref]')).toBe(2)
    expect(await count('section.footnotes li')).toBe(2)
    expect(await count('.katex')).toBeGreaterThanOrEqual(4)
    expect(await count('.katex-display')).toBe(3)
    expect(await count('.katex-error')).toBe(1)
    for (const language of ['ts', 'js', 'py', 'sh', 'rust', 'go', 'json', 'diff']) {
      expect(await count(`pre.shiki[data-language="${language}"]`), language).toBe(1)
    }
    expect(await count('pre[data-language="brainfudge"]:not(.shiki)')).toBe(1)
    expect(await count('.code-block')).toBeGreaterThanOrEqual(11)
    expect(await page.textContent(`${previewRoot} .code-block:has(pre[data-language="py"]) .code-language`)).toBe('py')
    expect(await count('.code-block button.code-copy')).toBe(await count('.code-block'))
    const copy = page.locator(`${previewRoot} .code-block:has(pre[data-language="py"]) .code-copy`)
    await copy.click()
    await page.waitForSelector(`${previewRoot} .code-block:has(pre[data-language="py"]) .code-copy:has-text("Copied")`)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^def fib\(n: int\) -> int:\n/)
    // Raw HTML: allowed elements stay, scripts go; the image loads from the app.
    expect(await count('script')).toBe(0)
    const image = page.locator(`${previewRoot} img[alt="The Offthread logo"]`)
    await image.scrollIntoViewIfNeeded()
    await page.waitForFunction(
      (selector) => (document.querySelector(selector) as HTMLImageElement | null)?.naturalWidth,
      `${previewRoot} img[alt="The Offthread logo"]`,
    )
    // KaTeX's fonts are bundled and used.
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true)
    // Content messages become Monaco markers (a broken formula, an unknown language).
    // F8 jumps to the next problem and shows its message.
    await page.click('.monaco-editor .view-lines')
    await page.keyboard.press('Control+Home')
    await page.keyboard.press('F8')
    await page.waitForSelector('.monaco-editor .marker-widget')
    expect(await page.textContent('.monaco-editor .marker-widget')).toMatch(/KaTeX|Unknown language/)
    await page.waitForSelector('.monaco-editor .squiggly-error, .monaco-editor .squiggly-warning', {state: 'attached'})
    await page.keyboard.press('Escape')
  })

  it('should give headings GitHub-style anchors and scroll to fragments in the preview', async () => {
    expect(await page.getAttribute(`${previewRoot} h2:has-text("Tables")`, 'id')).toBe('user-content-tables')
    expect(await page.getAttribute(`${previewRoot} h2:has-text("Tables") a.anchor`, 'href')).toBe('#tables')
    const url = page.url()
    await page.click(`${previewRoot} a[href="#math"]`)
    await page.waitForFunction((selector) => {
      const heading = document.getElementById('user-content-math')
      const root = document.querySelector(selector)
      if (!heading || !root) return false
      return Math.abs(heading.getBoundingClientRect().top - root.getBoundingClientRect().top) < 40
    }, previewRoot)
    expect(page.url()).toBe(url)
  })

  it('should keep the link rule in the DOM', async () => {
    const links = await page.$$eval(`${previewRoot} a[href]`, (nodes) =>
      nodes.map((node) => ({
        href: node.getAttribute('href') ?? '',
        target: node.getAttribute('target'),
        rel: node.getAttribute('rel'),
        text: node.textContent,
      })),
    )
    expect(links.length).toBeGreaterThan(10)
    for (const link of links) {
      const scheme = /^([^/?#]*?):/.exec(link.href)?.[1]?.toLowerCase()
      expect(scheme === undefined || ['http', 'https', 'mailto', 'tel'].includes(scheme), link.href).toBe(true)
      if (link.href.startsWith('#')) continue
      expect(link, link.href).toMatchObject({target: '_blank', rel: 'noopener noreferrer'})
    }
    for (const text of ['javascript', 'data', 'vbscript', 'encoded tab']) {
      expect(links.find((link) => link.text === text)?.href, text).toBe('#')
    }
  })

  it('should move the editor cursor to the line of a clicked block', async () => {
    // The previous test's smooth scroll may still be moving the preview: a
    // click then lands on whatever block passes under it.
    await page.waitForFunction(async (selector) => {
      const root = document.querySelector(selector)!
      const before = root.scrollTop
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      return root.scrollTop === before
    }, previewRoot)
    await page.click(`${previewRoot} h2:has-text("Quotes")`)
    const source = await readFile(path.join(root, 'public/samples/feature-tour.md'), 'utf8')
    // Monaco marks the cursor's line number when it next renders.
    await expect
      .poll(async () => Number(await page.textContent('.monaco-editor .line-numbers.active-line-number')))
      .toBe(source.split('\n').indexOf('## Quotes') + 1)
  })
})

describe('font warm-up', () => {
  it('should lay out a specimen of every kind of text out of sight when the page is idle, then remove it', async () => {
    const fresh = await context.newPage()
    const freshErrors = collectErrors(fresh)
    await fresh.addInitScript(() => {
      const seen: {added: number; removed: number; kinds: string[]; visible: string[]} = {added: 0, removed: 0, kinds: [], visible: []}
      ;(window as unknown as {warmUp: typeof seen}).warmUp = seen
      const kinds: Record<string, string> = {h1: 'h1', h6: 'h6', table: 'table', pre: 'pre', '.katex-display': 'display math', '.footnotes': 'footnotes'}
      // The host and what goes into it: records come after the host and its
      // blocks may have left the page, so ancestry is checked on these.
      const specimen: Node[] = []
      const inSpecimen = (node: Node) => specimen.some((part) => part.contains(node))
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          for (const node of mutation.addedNodes) {
            if (!(node instanceof HTMLElement)) continue
            if (node.classList.contains('font-warmup')) {
              seen.added++
              specimen.push(node)
              const box = node.getBoundingClientRect()
              if (node.isConnected && (getComputedStyle(node).visibility !== 'hidden' || box.height > 0)) seen.visible.push('host')
              continue
            }
            if (!inSpecimen(mutation.target)) continue
            specimen.push(node)
            for (const [selector, kind] of Object.entries(kinds))
              if ((node.matches(selector) || node.querySelector(selector)) && !seen.kinds.includes(kind)) seen.kinds.push(kind)
          }
          for (const node of mutation.removedNodes) if (node instanceof HTMLElement && node.classList.contains('font-warmup')) seen.removed++
        }
      }).observe(document, {childList: true, subtree: true})
    })
    await fresh.goto(served.url)
    await waitForEditor(fresh)
    await fresh.waitForFunction(() => (window as unknown as {warmUp: {removed: number}}).warmUp.removed > 0, null, {timeout: 20_000})
    const seen = await fresh.evaluate(() => (window as unknown as {warmUp: {added: number; removed: number; kinds: string[]; visible: string[]}}).warmUp)
    expect(seen.added).toBe(1)
    expect(seen.removed).toBe(1)
    expect(seen.visible).toEqual([])
    expect(seen.kinds.sort()).toEqual(['display math', 'footnotes', 'h1', 'h6', 'pre', 'table'])
    expect(await fresh.locator('.font-warmup').count()).toBe(0)
    expect(freshErrors).toEqual([])
    await fresh.close()
  })
})

describe('theme', () => {
  const background = () => page.$eval(previewRoot, (node) => getComputedStyle(node.parentElement!).backgroundColor)

  it('should follow the system, then switch to light and dark', async () => {
    await page.emulateMedia({colorScheme: 'dark'})
    expect(await page.getAttribute('html', 'data-theme')).toBeNull()
    expect(await background()).toBe('rgb(13, 17, 23)')
    await page.click('.theme-switch')
    expect(await page.getAttribute('html', 'data-theme')).toBe('light')
    expect(await background()).toBe('rgb(255, 255, 255)')
    await page.waitForSelector('.monaco-editor.vs')
    await page.click('.theme-switch')
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    expect(await background()).toBe('rgb(13, 17, 23)')
    await page.waitForSelector('.monaco-editor.vs-dark')
    // Shiki's dark colors apply to code.
    const color = await page.$eval(`${previewRoot} pre.shiki`, (node) => getComputedStyle(node).backgroundColor)
    expect(color).toBe('rgb(36, 41, 46)')
    await page.click('.theme-switch')
    await page.emulateMedia({colorScheme: 'light'})
    expect(await page.getAttribute('html', 'data-theme')).toBeNull()
    expect(await background()).toBe('rgb(255, 255, 255)')
  })
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
    const before = await renderVersion(page)
    await focusEditorEnd(page)
    await page.keyboard.type('\n\nFilled to the end')
    await waitForRender(page, before)
    await expect.poll(() => page.locator(`${previewRoot} p`, {hasText: 'Filled to the end'}).count(), {timeout: 30_000}).toBe(1)
    expect(await hasLastHeading()).toBe(true)

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
