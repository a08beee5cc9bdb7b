/**
 * The Editor view in Chromium, against the production build: typing renders,
 * every markdown feature reaches the DOM, the link rule holds, the theme
 * switches. Long documents, scrolling and a worker's failure:
 * long-documents.test.ts. No request may leave localhost.
 */
import {readFile} from 'node:fs/promises'
import path from 'node:path'
import type {Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {openAppPage, type AppPage} from './app-page.ts'
import {collectErrors, root, type NetworkLog, type Served} from './browser.ts'
import {copiedText} from './clipboard.ts'
import {
  focusEditorEnd,
  installPaintedFrames,
  openMarkdown,
  openSample,
  previewRoot,
  renderVersion,
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
    // Named after its item, as a screen reader reads it out.
    expect(await page.locator(previewRoot).getByRole('checkbox', {name: 'Try editing this list', checked: false}).count()).toBe(1)
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
    // Every code block has a Copy button (a diagram, once drawn, also a Source toggle).
    expect(await count('.code-block:not(:has(button.code-copy))')).toBe(0)
    const copy = page.locator(`${previewRoot} .code-block:has(pre[data-language="py"]) .code-copy`)
    await copy.click()
    await page.waitForSelector(`${previewRoot} .code-block:has(pre[data-language="py"]) .code-copy:has-text("Copied")`)
    expect(await copiedText(page)).toMatch(/^def fib\(n: int\) -> int:\n/)
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
    const fresh = await app.context.newPage()
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
    // Shiki's dark colors apply to code (github-dark-default's foreground).
    const color = await page.$eval(`${previewRoot} pre.shiki`, (node) => getComputedStyle(node).color)
    expect(color).toBe('rgb(230, 237, 243)')
    await page.click('.theme-switch')
    await page.emulateMedia({colorScheme: 'light'})
    expect(await page.getAttribute('html', 'data-theme')).toBeNull()
    expect(await background()).toBe('rgb(255, 255, 255)')
  })
})

describe('boundaries', () => {
  it('should make no request outside localhost and log no errors', () => {
    expect(network.urls.length).toBeGreaterThan(10)
    expect(network.external()).toEqual([])
    expect(errors).toEqual([])
  })
})
