/**
 * The views hold up on their own: the app opens in a browser whose language
 * `Intl` rejects (a POSIX locale can give `en-US@posix`; the benchmark's
 * chart library threw on it when imported, which blanked the whole page),
 * a view whose code fails to load says so while the others go on, and the
 * address names the view, so that a reload or a link opens it.
 */
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {previewRoot} from './app-helpers.ts'
import {appBuild, collectErrors, connectChromium, serve, type Served} from './browser.ts'

let served: Served
let browser: Browser

beforeAll(async () => {
  served = await serve(appBuild().outDir)
  browser = await connectChromium()
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** A page of the app in a fresh context. */
async function open(locale?: string): Promise<{page: Page; errors: string[]}> {
  const context = await browser.newContext({viewport: {width: 1280, height: 800}, ...(locale ? {locale} : {})})
  const page = await context.newPage()
  return {page, errors: collectErrors(page)}
}

it('should work in a browser whose language Intl rejects, the Benchmark view included', async () => {
  const {page, errors} = await open('en-US@posix')
  await page.goto(served.url)
  expect(await page.evaluate(() => navigator.language)).toBe('en-US@posix')
  await page.waitForSelector(`${previewRoot} .markdown-body h1`)
  await page.click('.view-tab:has-text("Benchmark")')
  await page.waitForSelector('button:has-text("Run benchmark")')
  expect(errors).toEqual([])
  await page.context().close()
})

it("should say so when a view's code fails to load, and keep the other views working", async () => {
  const {page} = await open()
  // As when the app was deployed again while the tab was open: the old chunk is gone.
  await page.route('**/assets/BenchView-*.js', (route) => route.fulfill({status: 404, body: ''}))
  await page.goto(served.url)
  await page.waitForSelector(`${previewRoot} .markdown-body h1`)
  await page.click('.view-tab:has-text("Benchmark")')
  const alert = page.locator('main [role="alert"]')
  await alert.waitFor()
  expect(await alert.textContent()).toMatch(/^The Benchmark view failed: .+\. The other views still work\.$/)
  await page.click('.view-tab:has-text("Editor")')
  await page.waitForSelector(`${previewRoot} .markdown-body h1`)
  expect(await page.locator('.view-tab').count()).toBe(3)
  await page.context().close()
})

it('should open the view the address names, without loading the editor, and keep the view across a reload', async () => {
  const {page, errors} = await open()
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto(`${served.url}/?view=chat`)
  await page.waitForSelector('textarea[aria-label="Message"]')
  expect(await page.locator('.view-tab[aria-pressed="true"]').textContent()).toBe('Chat')
  // Monaco is most of the app's code: the chat does not wait for it.
  expect(scripts.some((path) => /\/Editor-[^/]*\.js$/.test(path))).toBe(false)

  await page.click('.view-tab:has-text("Benchmark")')
  await page.waitForSelector('button:has-text("Run benchmark")')
  expect(new URL(page.url()).searchParams.get('view')).toBe('bench')
  await page.reload()
  await page.waitForSelector('button:has-text("Run benchmark")')

  await page.click('.view-tab:has-text("Editor")')
  await page.waitForSelector(`${previewRoot} .markdown-body h1`)
  expect(new URL(page.url()).search).toBe('')
  // An address naming no view, or one that is not a view, opens the editor.
  await page.goto(`${served.url}/?view=nonsense`)
  await page.waitForSelector(`${previewRoot} .markdown-body h1`)
  expect(await page.locator('.view-tab[aria-pressed="true"]').textContent()).toBe('Editor')
  expect(errors).toEqual([])
  await page.context().close()
})
