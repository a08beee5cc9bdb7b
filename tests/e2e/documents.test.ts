/**
 * Documents in Chromium, against the production build: they survive a
 * reload, share links round-trip into new documents, a URL opens (or says
 * why not), and Export HTML gives the CLI's output.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises'
import {createServer, type AddressInfo} from 'node:net'
import path from 'node:path'
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {documentCss} from '../../shared/document-css.ts'
import {hastToDocument, titleOf} from '../../shared/html-document.ts'
import {markdownToHast} from '../../workers/pipeline.ts'
import {katexCss} from '../../cli/katex-css.ts'
import lzString from 'lz-string'
import {offThreadFromChars} from '../../src/state/share-link-reader.ts'
import {
  documentName,
  focusEditorEnd,
  installPaintedFrames,
  openMarkdown,
  previewRoot,
  renderVersion,
  visibleEditorLines,
  waitForDocument,
  waitForEditor,
  waitForRender,
  type PaintedFrames,
} from './app-helpers.ts'
import {appBuild, collectErrors, connectChromium, downloadedText, guardNetwork, root, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'
import {allowClipboard, copiedText} from './clipboard.ts'

let build: AppBuild
let served: Served
let browser: Browser
let context: BrowserContext
let page: Page
const networks: NetworkLog[] = []
const errors: string[] = []
let closedPort: number

/** A port on this machine that nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function newPage(): Promise<Page> {
  const created = await context.newPage()
  networks.push(guardNetwork(created))
  created.on('dialog', (dialog) => void dialog.accept())
  const pageErrors = collectErrors(created)
  created.on('close', () => errors.push(...pageErrors))
  return created
}

/** Names in the documents menu, in order. */
async function documentNames(target: Page): Promise<string[]> {
  await target.click('.doc-menu > .button')
  const names = await target.$$eval('.doc-menu .menu-item-label', (nodes) => nodes.map((node) => node.textContent ?? ''))
  await target.keyboard.press('Escape')
  return names
}

beforeAll(async () => {
  build = appBuild()
  // A document for "Open from URL", served by the same preview server.
  await mkdir(path.join(build.outDir, 'e2e'), {recursive: true})
  await writeFile(path.join(build.outDir, 'e2e/remote.md'), '# Remote document\n\nFetched **by address**.\n')
  served = await serve(build.outDir)
  closedPort = await freePort()
  browser = await connectChromium()
  context = await browser.newContext({viewport: {width: 1280, height: 800}})
  await allowClipboard(context, served.url)
  page = await newPage()
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

describe('documents', () => {
  it('should start with a welcome document', async () => {
    await page.goto(served.url)
    await waitForEditor(page)
    await waitForRender(page)
    expect(await documentName(page)).toBe('Welcome')
    expect(await page.textContent(`${previewRoot} h1`)).toBe('Welcome to Offthread')
  })

  it('should keep documents, names and text across a reload', async () => {
    await page.click('.doc-menu > .button')
    // The menu is named by its button, as a screen reader announces it.
    expect(await page.getByRole('dialog', {name: 'Documents'}).count()).toBe(1)
    await page.click('.menu-command:has-text("New document")')
    await waitForDocument(page, 'Untitled')
    await page.fill('.doc-title', 'Notes')
    await page.press('.doc-title', 'Enter')
    const before = await renderVersion(page)
    await focusEditorEnd(page)
    await page.keyboard.type('# Saved notes\n\nTyped before the reload.')
    await waitForRender(page, before)
    // Reloading fires `pagehide`, which flushes the debounced save.
    await page.reload()
    await waitForDocument(page, 'Notes')
    expect(await page.textContent(`${previewRoot} h1`)).toBe('Saved notes')
    expect(await documentNames(page)).toEqual(['Welcome', 'Notes'])
  })

  it('should keep an edit made while a switch renders in the document it was made in', async () => {
    // A switch renders as a transition: the store opens the new document at
    // once, the editor shows the old one until the preview has shown the new
    // one (src/editor/Editor.tsx). An edit in that moment belongs to the old one.
    await page.click('.monaco-editor .view-lines')
    await page.keyboard.press('Control+Home')
    await page.click('.doc-menu > .button')
    const titleWhileTyping = await page.evaluate(() => {
      const welcome = [...document.querySelectorAll<HTMLElement>('.doc-menu .menu-item-main')].find((item) => item.textContent?.includes('Welcome'))!
      welcome.click()
      // Tab at the start of the first line, handled by Monaco in the keydown (the edit is made now).
      const input = document.querySelector<HTMLElement>('.monaco-editor .native-edit-context, .monaco-editor textarea')!
      input.focus()
      input.dispatchEvent(new KeyboardEvent('keydown', {key: 'Tab', code: 'Tab', keyCode: 9, bubbles: true, cancelable: true}))
      return document.querySelector<HTMLInputElement>('.doc-title')!.value
    })
    // The old document was still on screen.
    expect(titleWhileTyping).toBe('Notes')
    await waitForDocument(page, 'Welcome')
    await waitForRender(page)
    expect(await page.textContent(`${previewRoot} h1`)).toBe('Welcome to Offthread')
    // Notes has the edit: its heading, indented four spaces, is now a code block.
    await page.click('.doc-menu > .button')
    await page.click('.doc-menu .menu-item-main:has-text("Notes")')
    await waitForDocument(page, 'Notes')
    await expect.poll(() => page.locator(`${previewRoot} pre`).count()).toBe(1)
    expect(await page.textContent(`${previewRoot} pre`)).toContain('# Saved notes')
    expect(await page.locator(`${previewRoot} h1`).count()).toBe(0)
  })

  it('should switch and delete documents', async () => {
    await page.click('.doc-menu > .button')
    await page.click('.doc-menu .menu-item-main:has-text("Welcome")')
    await waitForDocument(page, 'Welcome')
    await page.click('.doc-menu > .button')
    await page.click('.doc-menu .menu-item-action[aria-label="Delete Notes"]')
    await page.keyboard.press('Escape')
    expect(await documentNames(page)).toEqual(['Welcome'])
    await page.reload()
    await waitForDocument(page, 'Welcome')
    expect(await documentNames(page)).toEqual(['Welcome'])
  })

  it('should go straight to the next document when the open one is deleted', async () => {
    await openMarkdown(page, served.url, '# To delete\n\nGone soon.\n')
    expect(await documentName(page)).toBe('To delete')
    // The editor shows the document (its name may come a frame earlier).
    await page.waitForFunction(() => {
      const lines = [...document.querySelectorAll<HTMLElement>('.monaco-editor .view-line')]
      lines.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      return lines[0]?.textContent?.replace(/\u00a0/g, ' ') === '# To delete'
    })
    // The editor's first line as each frame painted it, from the click on.
    await installPaintedFrames(page)
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as {seen: string[]}).seen = seen
      ;(window as unknown as PaintedFrames).eachPaintedFrame(() => {
        const lines = [...document.querySelectorAll<HTMLElement>('.monaco-editor .view-line')]
        lines.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
        seen.push((lines[0]?.textContent ?? '').replace(/\u00a0/g, ' '))
        return seen.length >= 120
      })
    })
    await page.click('.doc-menu > .button')
    await page.click('.doc-menu .menu-item-action[aria-label="Delete To delete"]')
    await page.keyboard.press('Escape')
    await waitForDocument(page, 'Welcome')
    await page.waitForFunction(() => (window as unknown as {seen: string[]}).seen.length >= 120)
    const seen = new Set(await page.evaluate(() => (window as unknown as {seen: string[]}).seen))
    // The deleted text, then Welcome's: never an empty editor in between.
    expect([...seen]).toEqual(['# To delete', '# Welcome to Offthread'])
    expect(await documentNames(page)).toEqual(['Welcome'])
  })

  it('should bring back where the cursor was and how far the editor was scrolled, on returning to a document', async ({onTestFinished}) => {
    const paragraphs = Array.from({length: 120}, (_, index) => `Paragraph ${index + 1}.`)
    await openMarkdown(page, served.url, `# Going back\n\n${paragraphs.join('\n\n')}`)
    // The tests after this one expect the documents they found.
    onTestFinished(async () => {
      await page.keyboard.press('Escape')
      await page.click('.doc-menu > .button')
      await page.click('.doc-menu .menu-item-action[aria-label="Delete Going back"]')
      await page.keyboard.press('Escape')
      await waitForDocument(page, 'Welcome')
    })
    const lastLine = 2 + paragraphs.length * 2 - 1
    await focusEditorEnd(page)
    await expect.poll(() => visibleEditorLines(page)).toContain(lastLine)
    for (const name of ['Welcome', 'Going back']) {
      await page.click('.doc-menu > .button')
      await page.click(`.doc-menu .menu-item-main:has-text("${name}")`)
      await waitForDocument(page, name)
    }
    await expect.poll(() => visibleEditorLines(page)).toContain(lastLine)
    expect(await visibleEditorLines(page)).not.toContain(1)
    expect(await page.textContent('.monaco-editor .line-numbers.active-line-number')).toBe(String(lastLine))
    // Typing, once back in the editor's text, goes on where the cursor was left.
    await page.focus('.monaco-editor .native-edit-context, .monaco-editor textarea')
    await page.keyboard.type(' Back.')
    // Each keystroke renders: the last render has them all.
    await expect.poll(() => page.locator(`${previewRoot} p`).last().textContent()).toBe('Paragraph 120. Back.')
  })
})

describe('share links', () => {
  it('should open a shared link as a new document', async () => {
    const text = '# Shared text\n\nWith $x^2$ and a [link](https://example.com).\n'
    await openMarkdown(page, served.url, text)
    await page.click('.share-menu > .button')
    const link = await page.inputValue('.share-link')
    expect(link).toMatch(/#md=/)
    await page.waitForSelector('.share-panel :text("Link copied")')
    expect(await copiedText(page)).toBe(link)

    // Leaving the page flushes its save, so the new tab sees "Shared text" and names its copy "Shared text 2".
    await page.goto('about:blank')
    const other = await newPage()
    await other.goto(link)
    await waitForDocument(other, 'Shared text 2')
    expect(await other.textContent(`${previewRoot} h1`)).toBe('Shared text')
    expect(await other.$$eval(`${previewRoot} .katex`, (nodes) => nodes.length)).toBe(1)
    // The fragment is dropped, so a reload does not open another copy.
    expect(new URL(other.url()).hash).toBe('')
    expect(await documentNames(other)).toEqual(['Welcome', 'Shared text', 'Shared text 2'])
    await other.close()
    await page.goto(served.url)
    await waitForEditor(page)
  })

  it('should open links followed in an open page in order, reading a long one in a worker', async () => {
    // Words in no pattern compress poorly: a link of tens of kilobytes, read off the main thread.
    let seed = 7
    const word = () => ((seed = (seed * 48271) % 2147483647), seed.toString(36).slice(0, 2 + (seed % 7)))
    const words = Array.from({length: 6_000}, word)
    const long = `# Long shared text\n\n${words.join(' ')}\n`
    const longHash = `#md=${lzString.compressToEncodedURIComponent(long)}`
    expect(longHash.length).toBeGreaterThan(offThreadFromChars)
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(worker.url()))
    // The long link, then at once a short one: the short one must not open first, or the long one be lost.
    await page.evaluate(
      ([first, second]: string[]) => {
        location.hash = first!
        location.hash = second!
      },
      [longHash, `#md=${lzString.compressToEncodedURIComponent('# Short shared text\n')}`],
    )
    await waitForDocument(page, 'Short shared text')
    const names = await documentNames(page)
    expect(names.slice(-2)).toEqual(['Long shared text', 'Short shared text'])
    expect(workers.some((url) => url.includes('share-link.worker'))).toBe(true)
    expect(new URL(page.url()).hash).toBe('')
    // The long one is whole.
    await page.click('.doc-menu > .button')
    await page.click('.doc-menu .menu-item-label:text-is("Long shared text")')
    await waitForDocument(page, 'Long shared text')
    expect(await page.textContent(previewRoot)).toContain(words.slice(-20).join(' '))
  })
})

describe('open', () => {
  it('should open a document by URL', async () => {
    await page.click('.open-menu > .button')
    await page.fill('#open-url-input', `${served.url}/e2e/remote.md`)
    await page.click('.open-url button[type="submit"]')
    await waitForDocument(page, 'Remote document')
    expect(await page.textContent(`${previewRoot} strong`)).toBe('by address')
  })

  it('should say why a URL cannot be opened', async () => {
    await page.click('.open-menu > .button')
    // Nothing listens on that port: the fetch fails just as a CORS refusal would.
    const address = `http://127.0.0.1:${closedPort}/missing.md`
    await page.fill('#open-url-input', address)
    await page.click('.open-url button[type="submit"]')
    const message = await page.waitForSelector('.open-panel .menu-error[role="alert"]')
    expect(await message.textContent()).toContain(`Could not fetch ${address}`)
    expect(await message.textContent()).toContain('CORS')
    await page.keyboard.press('Escape')
  })
})

describe('export', () => {
  it('should download the same HTML document as the CLI, with diagrams drawn in both themes', async () => {
    const markdown = await readFile(path.join(build.outDir, 'samples/feature-tour.md'), 'utf8')
    await openMarkdown(page, served.url, markdown)
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Export HTML")')])
    expect(download.suggestedFilename()).toBe('Offthread feature tour.html')
    const html = await downloadedText(download)
    const {hast} = await markdownToHast(markdown)
    const expected = hastToDocument(hast, {title: titleOf(hast), css: `${await katexCss()}\n${documentCss}`})
    // The CLI has no DOM to draw diagrams with: it leaves their code, where the export has both drawings.
    const drawn =
      /<div class="drawn-diagram"><div class="drawn-diagram-light"><svg [^]*?<\/svg><\/div><div class="drawn-diagram-dark"><svg [^]*?<\/svg><\/div><\/div>/g
    const code = /<pre [^>]*data-language="mermaid"[^]*?<\/pre>/g
    expect(html.match(drawn)?.length).toBeGreaterThan(0)
    expect(html.match(drawn)?.length).toBe(expected.match(code)?.length)
    expect(html.replace(drawn, 'DIAGRAM') === expected.replace(code, 'DIAGRAM')).toBe(true)
    // Opened on its own, the page shows the light drawing, or the dark one in a dark colour scheme.
    const shown = async (scheme: 'light' | 'dark') => {
      const viewer = await page.context().newPage()
      await viewer.emulateMedia({colorScheme: scheme})
      await viewer.setContent(html)
      const visible = await viewer.$$eval('.drawn-diagram > div', (nodes) =>
        nodes.filter((node) => getComputedStyle(node).display !== 'none').map((node) => node.className),
      )
      await viewer
        .locator('.drawn-diagram')
        .first()
        .screenshot({path: path.join(root, `scratch/export-diagram-${scheme}.png`)})
      await viewer.close()
      return visible
    }
    expect(await shown('light')).toEqual(Array(expected.match(code)!.length).fill('drawn-diagram-light'))
    expect(await shown('dark')).toEqual(Array(expected.match(code)!.length).fill('drawn-diagram-dark'))
  })
})

describe('boundaries', () => {
  it('should make no request outside localhost and log no errors', async () => {
    await page.close()
    expect(networks.flatMap((network) => network.external())).toEqual([])
    // The failed fetch of the unreachable URL is expected in the console.
    expect(errors.filter((error) => !error.includes('ERR_CONNECTION_REFUSED'))).toEqual([])
  })
})
