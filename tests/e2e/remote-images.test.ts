/**
 * Images from other hosts in Chromium, against the production build under
 * its Content-Security-Policy: a document shows a placeholder naming the
 * host until a click loads that one image, or the document's switch loads
 * them all (and stays on after a reload); a chat reply has only the click.
 * The other host is a second server on loopback, which counts what it is
 * asked for. A screenshot lands in scratch/ (git-ignored) for review.
 */
import {mkdir, writeFile} from 'node:fs/promises'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import path from 'node:path'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {openMarkdown, previewRoot, waitForRender} from './app-helpers.ts'
import {appBuild, collectErrors, connectChromium, root, serve, type Served} from './browser.ts'

/** A 1×1 PNG. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

let served: Served
let images: Server
/** The image host's origin, such as `http://127.0.0.1:41234`, and what it was asked for. */
let imageOrigin: string
let requested: string[] = []
let browser: Browser
let page: Page
let errors: string[]

beforeAll(async () => {
  const {outDir} = appBuild()
  await mkdir(path.join(outDir, 'e2e-images'), {recursive: true})
  await writeFile(path.join(outDir, 'e2e-images/local.png'), png)
  served = await serve(outDir)
  images = createServer((request, response) => {
    requested.push(request.url ?? '')
    response.writeHead(200, {'content-type': 'image/png', 'cache-control': 'no-store'}).end(png)
  })
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
  imageOrigin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
  browser = await connectChromium()
  page = await (await browser.newContext({viewport: {width: 1280, height: 800}})).newPage()
  errors = collectErrors(page)
})

beforeEach(() => {
  requested = []
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
  await new Promise((resolve) => images?.close(resolve))
})

/** A document with a badge inside a link, a screenshot, and an image of this site. */
function readme(): string {
  return [
    '# Project',
    '',
    `[![Build status](${imageOrigin}/badge.png)](https://example.com/ci)`,
    '',
    `![Screenshot](${imageOrigin}/screenshot.png "The app")`,
    '',
    '![Local](/e2e-images/local.png)',
    '',
  ].join('\n')
}

/** The images of the preview that loaded, by the path they came from. */
function loadedImages(): Promise<string[]> {
  return page.$$eval(`${previewRoot} img`, (nodes) =>
    nodes.filter((node) => (node as HTMLImageElement).naturalWidth > 0).map((node) => new URL((node as HTMLImageElement).src).pathname),
  )
}

describe('remote images in a document', () => {
  it('should show placeholders naming the host and load nothing from it', async () => {
    await openMarkdown(page, served.url, readme())
    const host = imageOrigin.replace('http://', '')
    const placeholders = page.locator(`${previewRoot} .remote-image`)
    await expect.poll(() => placeholders.count()).toBe(2)
    const [badge, screenshot] = await placeholders.allInnerTexts()
    expect(badge).toMatch(new RegExp(`^Build status\\s*Image from ${host}$`))
    expect(screenshot).toMatch(new RegExp(`^Screenshot\\s*Image from ${host}$`))
    expect(await page.locator('.remote-images-bar').innerText()).toContain(host)
    await expect.poll(loadedImages).toEqual(['/e2e-images/local.png'])
    expect(requested).toEqual([])
    await page.locator('.preview-pane').screenshot({path: path.join(root, 'scratch/remote-images.png')})
  })

  it('should load one image on a click, without following the link around it', async () => {
    await openMarkdown(page, served.url, readme())
    await page.locator(`${previewRoot} .remote-image`, {hasText: 'Build status'}).click()
    await expect.poll(loadedImages).toEqual(['/badge.png', '/e2e-images/local.png'])
    expect(requested).toEqual(['/badge.png'])
    expect(page.url().startsWith(served.url)).toBe(true)
    expect(await page.locator(`${previewRoot} .remote-image`).count()).toBe(1)
  })

  it('should show the bar and the placeholders again in a new document with the same images', async () => {
    await openMarkdown(page, served.url, readme())
    await page.locator(`${previewRoot} .remote-image`, {hasText: 'Build status'}).click()
    await expect.poll(loadedImages).toEqual(['/badge.png', '/e2e-images/local.png'])
    requested = []
    // The same text in a new document, from the tab already open: the blocks may stay mounted.
    for (let round = 0; round < 3; round++) {
      await openMarkdown(page, served.url, readme())
      await expect.poll(() => page.locator('.remote-images-bar').count()).toBe(1)
      expect(await page.locator(`${previewRoot} .remote-image`).count()).toBe(2)
    }
    expect(requested).toEqual([])
  })

  it('should load them all with the switch, and keep the switch on for this document only', async () => {
    await openMarkdown(page, served.url, readme())
    await page.getByLabel('Show remote images').check()
    await expect.poll(loadedImages).toEqual(['/badge.png', '/screenshot.png', '/e2e-images/local.png'])
    expect(await page.locator(`${previewRoot} .remote-image`).count()).toBe(0)
    expect(await page.locator('.remote-images-bar').innerText()).toMatch(/are loaded$/)
    // Saved with the document: after a reload it is still on.
    await page.waitForTimeout(1000)
    await page.goto(served.url)
    await waitForRender(page)
    await expect.poll(loadedImages).toEqual(['/badge.png', '/screenshot.png', '/e2e-images/local.png'])
    expect(await page.getByLabel('Show remote images').isChecked()).toBe(true)
    // Another document has its own switch, off.
    requested = []
    await openMarkdown(page, served.url, readme().replace('# Project', '# Another project'))
    await expect.poll(() => page.locator(`${previewRoot} .remote-image`).count()).toBe(2)
    expect(await page.getByLabel('Show remote images').isChecked()).toBe(false)
    expect(requested).toEqual([])
  })

  it('should have no bar for a document without remote images', async () => {
    await openMarkdown(page, served.url, '# Local only\n\n![Local](/e2e-images/local.png)\n')
    await expect.poll(loadedImages).toEqual(['/e2e-images/local.png'])
    expect(await page.locator('.remote-images-bar').count()).toBe(0)
    expect(errors).toEqual([])
  })
})

describe('remote images in a chat reply', () => {
  it('should show a placeholder that loads on a click, with no switch', async () => {
    await page.goto(`${served.url}/?view=chat`)
    const composer = page.locator('textarea[aria-label="Message"]')
    // The replay model quotes a question it has no answer for.
    await composer.fill(`What is this? ![Leak](${imageOrigin}/leak.png?q=secret)`)
    await composer.press('Enter')
    const reply = page.locator('[data-role="assistant"]:last-of-type[data-status="done"][data-render-state="idle"]')
    await reply.waitFor({timeout: 60_000})
    const placeholder = reply.locator('.remote-image')
    await expect.poll(() => placeholder.count()).toBe(1)
    expect(await placeholder.innerText()).toContain('Leak')
    expect(await page.locator('.remote-images-bar').count()).toBe(0)
    expect(requested).toEqual([])
    await placeholder.click()
    await expect.poll(() => reply.locator('img').evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(1)
    expect(requested).toEqual(['/leak.png?q=secret'])
  })
})
