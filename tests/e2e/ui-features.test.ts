/**
 * The preview's tools in Chromium, against the production build: a table's
 * toolbar copies and downloads it, the outline lists the headings and
 * scrolls both panes, files open by drop, picker or file input (and save
 * back), files that are not text are refused, and printing prints the
 * rendered document alone.
 */
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {documentName, openMarkdown, previewRoot, visibleEditorLines, waitForDocument} from './app-helpers.ts'
import {appBuild, collectErrors, connectChromium, downloadedText, guardNetwork, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'
import {allowClipboard, copiedText} from './clipboard.ts'

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
  browser = await connectChromium()
  context = await browser.newContext({viewport: {width: 1280, height: 800}, acceptDownloads: true})
  await allowClipboard(context, served.url)
  page = await context.newPage()
  network = guardNetwork(page)
  errors = collectErrors(page)
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

const table = ['| Name | Note | Sum |', '|:--|:-:|--:|', '| `a\\|b` | say "hi", twice | $x^2$ |', '| plain | two<br>lines | 3 |'].join('\n')

/** The text of the open document, as the editor has it. */
function editorText(target: Page): Promise<string> {
  return target.evaluate(() => {
    const lines = [...document.querySelectorAll<HTMLElement>('.monaco-editor .view-line')]
    return lines.map((line) => line.textContent ?? '').join('\n')
  })
}

/** Drop a file with `bytes` named `name` on the editor, as a drag from the desktop would. */
async function dropFile(target: Page, name: string, bytes: number[], type = ''): Promise<void> {
  await target.evaluate(
    ({name, bytes, type}) => {
      const data = new DataTransfer()
      data.items.add(new File([new Uint8Array(bytes)], name, {type}))
      const editor = document.querySelector('.editor-pane .monaco-editor')!
      for (const kind of ['dragenter', 'dragover', 'drop']) editor.dispatchEvent(new DragEvent(kind, {bubbles: true, cancelable: true, dataTransfer: data}))
    },
    {name, bytes, type},
  )
}

const utf8 = (text: string) => [...new TextEncoder().encode(text)]

describe('table toolbar', () => {
  it('should copy a table as Markdown and as CSV', async () => {
    await openMarkdown(page, served.url, `# Tables\n\n${table}\n`)
    const toolbar = page.locator(`${previewRoot} .table-toolbar`)
    await toolbar.locator('button', {hasText: 'Copy Markdown'}).click()
    await expect.poll(() => toolbar.locator('button', {hasText: 'Copied'}).count()).toBe(1)
    expect(await copiedText(page)).toBe(
      ['| Name | Note | Sum |', '| :--- | :---: | ---: |', '| `a\\|b` | say "hi", twice | $x^2$ |', '| plain | two<br>lines | 3 |', ''].join('\n'),
    )
    await toolbar.locator('button', {hasText: 'Copy CSV'}).click()
    await expect.poll(() => copiedText(page)).toBe('Name,Note,Sum\r\na|b,"say ""hi"", twice",x^2\r\nplain,"two\nlines",3\r\n')
    await page.screenshot({path: '/tmp/ui-features-table.png'})
  })

  it('should download a table as a CSV file', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`${previewRoot} .table-toolbar button:has-text("Download CSV")`)])
    expect(download.suggestedFilename()).toBe('table.csv')
    expect(await downloadedText(download)).toBe('Name,Note,Sum\r\na|b,"say ""hi"", twice",x^2\r\nplain,"two\nlines",3\r\n')
  })

  it('should copy every column of a wide table, not only those mounted', async () => {
    const row = (cell: (index: number) => string) => `|${Array.from({length: 300}, (_, index) => cell(index)).join('|')}|`
    await openMarkdown(page, served.url, ['# Wide', '', row((index) => `c${index}`), row(() => '---'), row((index) => `v${index}`)].join('\n'))
    // Only the columns in view are in the page (src/render/components.tsx).
    expect(await page.locator(`${previewRoot} .wide-table th`).count()).toBeLessThan(60)
    await page.click(`${previewRoot} .table-toolbar button:has-text("Copy CSV")`)
    await expect.poll(() => copiedText(page)).toMatch(/^c0,/)
    const csv = (await copiedText(page)) ?? ''
    expect(csv.split('\r\n').map((line) => line.split(',').length)).toEqual([300, 300, 1])
    expect(csv).toContain(',v299\r\n')
  })
})

describe('outline', () => {
  // 80 sections of 12 lines each: section `n` starts on line 12n + 1.
  const sections = Array.from(
    {length: 80},
    (_, index) => `## Section ${index}\n\n${'Some prose of this section. '.repeat(12)}\n\n- one\n- two\n- three\n\n> A quote.\n\nEnd of section ${index}.\n`,
  )
  const lineOf = (section: number) => 12 * section + 1

  it('should list the headings, and scroll the preview and the editor to one when clicked', async () => {
    await openMarkdown(page, served.url, sections.join('\n'))
    await page.click('.outline-button')
    await page.waitForSelector('.outline-link')
    expect(await page.textContent('.outline-count')).toBe('80')
    // Only the rows in the panel's view (and a few more) are mounted.
    expect(await page.locator('.outline-link').count()).toBeLessThan(60)
    expect(await page.locator('.outline-link').first().textContent()).toBe('Section 0')

    await page.locator('.outline-scroll').evaluate((list) => (list.scrollTop = 40 * 28))
    await page.click('.outline-link:text-is("Section 50")')
    // The preview shows the heading at its top…
    await expect
      .poll(() =>
        page.evaluate(() => {
          const scroller = document.querySelector('.preview-scroll')!
          const heading = document.getElementById('user-content-section-50')!
          return Math.round(heading.getBoundingClientRect().top - scroller.getBoundingClientRect().top)
        }),
      )
      .toBeLessThan(40)
    expect(await page.evaluate(() => document.querySelector('.preview-scroll')!.scrollTop)).toBeGreaterThan(1000)
    // …and the editor its line.
    await expect.poll(async () => (await visibleEditorLines(page))[0]).toBeGreaterThanOrEqual(lineOf(50) - 2)
    expect(await visibleEditorLines(page)).toContain(lineOf(50))
    expect(await page.getAttribute('.outline-link[aria-current]', 'data-line')).toBe(String(lineOf(50)))
    await page.screenshot({path: '/tmp/ui-features-outline.png'})
  })

  it('should mark the heading in view as the preview scrolls', async () => {
    await page.evaluate(() => document.getElementById('user-content-section-12')!.scrollIntoView({block: 'start'}))
    await expect.poll(() => page.textContent('.outline-link[aria-current]')).toBe('Section 12')
  })

  it('should mark a clicked heading even when the next one is close below it', async () => {
    await openMarkdown(page, served.url, Array.from({length: 60}, (_, index) => `### Short ${index}\n\nOne line.\n`).join('\n'))
    await page.click('.outline-link:text-is("Short 20")')
    await expect.poll(() => page.textContent('.outline-link[aria-current]')).toBe('Short 20')
    await page.click('.outline-button')
    expect(await page.locator('.outline').count()).toBe(0)
  })
})

describe('files', () => {
  it('should open a markdown file dropped on the editor as a new document', async () => {
    await openMarkdown(page, served.url, '# Before\n')
    await dropFile(page, 'Dropped notes.md', utf8('# Dropped\n\nFrom **disk**.\r\n'))
    await waitForDocument(page, 'Dropped notes')
    expect(await page.textContent(`${previewRoot} h1`)).toBe('Dropped')
    expect(await page.textContent(`${previewRoot} strong`)).toBe('disk')
  })

  it('should refuse a binary file or one of another kind, say why, and change nothing', async () => {
    const name = await documentName(page)
    const text = await editorText(page)
    await dropFile(page, 'image.md', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])
    await expect.poll(() => page.textContent('.file-notice')).toContain('“image.md” looks like a binary file, not text.')
    await page.screenshot({path: '/tmp/ui-features-refused.png'})
    await dropFile(page, 'photo.png', utf8('not really a png'), 'image/png')
    await expect.poll(() => page.textContent('.file-notice')).toContain('“photo.png” is not a markdown or text file')
    expect(await documentName(page)).toBe(name)
    expect(await editorText(page)).toBe(text)
    await page.click('.file-notice .render-error-close')
    expect(await page.locator('.file-notice').count()).toBe(0)
  })

  it('should open a file from the file input where the browser has no open picker, and download the document as .md', async () => {
    await page.evaluate(() => ((window as unknown as {showOpenFilePicker: unknown}).showOpenFilePicker = undefined))
    await page.click('.file-menu > .button')
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('.file-open')])
    await chooser.setFiles({name: 'chosen.txt', mimeType: 'text/plain', buffer: Buffer.from('# Chosen\n\nPlain text.\n')})
    await waitForDocument(page, 'chosen')
    await page.click('.file-menu > .button')
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.file-download')])
    expect(download.suggestedFilename()).toBe('chosen.md')
    expect(await downloadedText(download)).toBe('# Chosen\n\nPlain text.\n')
  })

  it('should save with Ctrl+S to the file it was opened from', async () => {
    // The browser's own picker cannot be clicked by a test: it is given a
    // real file of the origin's private file system instead.
    await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory()
      const handle = await root.getFileHandle('saved.md', {create: true})
      const writable = await handle.createWritable()
      await writable.write('# On disk\n')
      await writable.close()
      ;(window as unknown as {showOpenFilePicker: unknown}).showOpenFilePicker = async () => [handle]
    })
    await page.click('.file-menu > .button')
    await page.click('.file-open')
    await waitForDocument(page, 'saved')
    await page.click('.monaco-editor .view-lines')
    await page.keyboard.press('Control+End')
    await page.keyboard.insertText('\nEdited here.\n')
    await page.keyboard.press('Control+S')
    await expect.poll(() => page.textContent('.file-notice')).toContain('Saved to “saved.md”.')
    const saved = await page.evaluate(async () => (await (await (await navigator.storage.getDirectory()).getFileHandle('saved.md')).getFile()).text())
    expect(saved).toBe('# On disk\n\nEdited here.\n')
  })
})

describe('font size', () => {
  /** Monaco's font size and the preview's paragraphs', in pixels. */
  const sizes = () =>
    page.evaluate((selector) => {
      const size = (element: Element | null) => (element ? Number.parseFloat(getComputedStyle(element).fontSize) : Number.NaN)
      return {editor: size(document.querySelector('.monaco-editor .view-line')), preview: size(document.querySelector(`${selector} p`))}
    }, previewRoot)

  it('should make the editor and the preview larger and smaller, in every document', async () => {
    await openMarkdown(page, served.url, 'A paragraph.\n')
    // Monaco draws its lines a frame after its frame is in place.
    await page.waitForSelector('.monaco-editor .view-line')
    const before = await sizes()
    expect(before.editor).toBeGreaterThan(0)
    const larger = {editor: before.editor + 2, preview: before.preview + 2}
    await page.click('button[aria-label="Larger text"]')
    await page.click('button[aria-label="Larger text"]')
    await expect.poll(sizes, {timeout: 30_000}).toEqual(larger)
    // Another document keeps the size.
    await openMarkdown(page, served.url, 'Another paragraph.\n')
    await expect.poll(sizes, {timeout: 30_000}).toEqual(larger)
    await page.click('button[aria-label="Smaller text"]')
    await page.click('button[aria-label="Smaller text"]')
    await expect.poll(sizes, {timeout: 30_000}).toEqual(before)
  })
})

describe('print', () => {
  it('should print the rendered document alone', async () => {
    await openMarkdown(page, served.url, `# Printed\n\n${table}\n\n\`\`\`js\nconst value = ${'"long line" + '.repeat(20)}1\n\`\`\`\n`)
    await page.click('.outline-button')
    await page.emulateMedia({media: 'print'})
    const shown = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).display !== 'none')
    expect(await shown('.header')).toBe(false)
    expect(await shown('.split-first')).toBe(false)
    expect(await shown('.outline')).toBe(false)
    expect(await shown('.table-toolbar')).toBe(false)
    expect(await shown('.code-toolbar')).toBe(false)
    expect(await shown(`${previewRoot} h1`)).toBe(true)
    expect(await page.locator(previewRoot).evaluate((element) => getComputedStyle(element).overflow)).toBe('visible')
    // Code wraps rather than being cut at the page's edge.
    expect(await page.locator(`${previewRoot} pre code`).evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap')
    await page.screenshot({path: '/tmp/ui-features-print.png', fullPage: true})
    await page.emulateMedia({media: 'screen'})
    await page.click('.outline-button')
  })

  it('should print a long document on as many pages as it needs', async () => {
    await openMarkdown(page, served.url, Array.from({length: 60}, (_, index) => `## Part ${index}\n\n${'Words to print. '.repeat(40)}\n`).join('\n'))
    // `page.pdf()` prints with print media unless screen media is emulated, as the tests before left it.
    await page.emulateMedia({media: null})
    const pdf = (await page.pdf({format: 'A4'})).toString('latin1')
    // Each page is a `/Type /Page` object in Chromium's PDF; the app's own layout would print one screen on one page.
    expect(pdf.match(/\/Type\s*\/Page\b/g)?.length).toBeGreaterThan(5)
  })

  it('should print in light colors in the dark theme', async () => {
    await page.emulateMedia({media: 'print', colorScheme: 'dark'})
    const colors = await page
      .locator(`${previewRoot} .markdown-body`)
      .evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor])
    expect(colors).toEqual(['rgb(31, 35, 40)', 'rgb(255, 255, 255)'])
    await page.emulateMedia({media: 'screen', colorScheme: 'dark'})
    expect(await page.locator(`${previewRoot} .markdown-body`).evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgb(255, 255, 255)')
    await page.screenshot({path: '/tmp/ui-features-dark.png'})
    await page.emulateMedia({media: 'screen', colorScheme: 'light'})
  })

  it('should say so when a long document is not all mounted', async () => {
    await openMarkdown(page, served.url, Array.from({length: 1_500}, (_, index) => `Paragraph ${index}.\n`).join('\n'))
    await page.emulateMedia({media: 'print'})
    expect(await page.locator(`${previewRoot} .group-placeholder`).count()).toBeGreaterThan(0)
    expect(await page.locator(previewRoot).evaluate((element) => getComputedStyle(element, '::before').content)).toContain('not shown yet')
    await page.emulateMedia({media: 'screen'})
    expect(await page.locator(previewRoot).evaluate((element) => getComputedStyle(element, '::before').content)).toBe('none')
  })

  it('should fetch nothing from elsewhere and log no errors', () => {
    expect(network.external()).toEqual([])
    expect(errors).toEqual([])
  })
})
