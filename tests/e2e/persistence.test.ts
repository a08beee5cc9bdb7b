/**
 * No data lost, in Chromium against the production build: what is typed
 * survives an immediate reload and, within one second, a crash; when storage
 * fails (IndexedDB unavailable, quota exceeded) the user is told, the text
 * stays in the tab, and the next save that works clears the notice. Each test
 * has a browser context, and so an IndexedDB, of its own.
 */
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {focusEditorEnd, openMarkdown, previewRoot, renderVersion, waitForEditor, waitForRender} from './app-helpers.ts'
import {appBuild, collectErrors, guardNetwork, connectChromium, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'

let build: AppBuild
let served: Served
let browser: Browser
let context: BrowserContext | undefined

beforeAll(async () => {
  build = appBuild()
  served = await serve(build.outDir)
  browser = await connectChromium()
})

afterEach(async () => {
  await context?.close()
  context = undefined
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

interface Tab {
  page: Page
  errors: string[]
  network: NetworkLog
}

async function newTab(): Promise<Tab> {
  context ??= await browser.newContext({viewport: {width: 1400, height: 900}})
  const page = await context.newPage()
  return {page, errors: collectErrors(page), network: guardNetwork(page)}
}

/** Wait until the preview is idle and its text contains `text`. */
async function waitForPreviewText(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    ({selector, text}) => {
      const root = document.querySelector(selector)
      return root?.getAttribute('data-render-state') === 'idle' && (root.textContent ?? '').includes(text)
    },
    {selector: previewRoot, text},
    {timeout: 30_000},
  )
}

const notice = (page: Page) => page.locator('[role="alert"].storage-notice')

describe('saving', () => {
  it('should keep every character typed right before a reload', async () => {
    const {page, errors, network} = await newTab()
    await openMarkdown(page, served.url, '# Reload test\n')
    await focusEditorEnd(page)
    const typed = 'Typed then reloaded at once: zebra 0123456789 äöü end'
    await page.keyboard.type(`\n\n${typed}`)
    // No wait: the debounced save has not run yet; the flush on `pagehide` must carry it.
    await page.reload()
    await waitForEditor(page)
    await waitForRender(page)
    expect(await page.textContent(`${previewRoot} .markdown-body`)).toContain(typed)
    expect(await page.inputValue('.doc-title')).toBe('Reload test')
    expect(errors).toEqual([])
    expect(network.external()).toEqual([])
  })

  it('should save within one second, without the page being hidden', async () => {
    const {page, errors} = await newTab()
    await openMarkdown(page, served.url, '# Crash test\n')
    await focusEditorEnd(page)
    const typed = 'Typed then crashed a second later: yak 9876543210 end'
    await page.keyboard.type(`\n\n${typed}`)
    await page.waitForTimeout(1000)
    // A renderer crash fires no `pagehide` and no `visibilitychange`: only the debounced save can have stored it.
    const cdp = await page.context().newCDPSession(page)
    const crashed = page.waitForEvent('crash')
    void cdp.send('Page.crash').catch(() => {})
    await crashed
    expect(errors).toEqual([])

    const {page: after} = await newTab()
    await after.goto(served.url)
    await waitForEditor(after)
    await waitForRender(after)
    expect(await after.textContent(`${previewRoot} .markdown-body`)).toContain(typed)
  })
})

describe('when storage fails', () => {
  it('should tell the user and keep working when IndexedDB is unavailable', async () => {
    const {page, errors, network} = await newTab()
    // What a browser with storage disabled does (Firefox with cookies blocked, some private modes).
    await page.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      }
    })
    await page.goto(served.url)
    await waitForEditor(page)
    await waitForRender(page)
    // The app started with its welcome document, and saving it failed.
    await notice(page).waitFor({timeout: 10_000})
    expect(await notice(page).textContent()).toMatch(/^Changes are not being saved: .*IndexedDB is unavailable.*export or copy it/)

    const before = await renderVersion(page)
    await focusEditorEnd(page)
    const typed = 'Still rendering without storage'
    await page.keyboard.type(`\n\n${typed}`)
    await waitForRender(page, before)
    await waitForPreviewText(page, typed)
    await page.waitForTimeout(600)
    expect(await notice(page).isVisible()).toBe(true)
    expect(errors).toEqual([])
    expect(network.external()).toEqual([])
  })

  it('should tell the user when the quota is exceeded, keep the text, and clear the notice once a save works', async () => {
    const {page, errors} = await newTab()
    // CDP's Storage.overrideQuotaForOrigin does not reach IndexedDB in
    // Playwright's contexts (30 MB still commit under a 1-byte quota), so the
    // full disk is simulated where the app meets it: every write throws the
    // browser's QuotaExceededError while `diskFull` is set.
    await page.addInitScript(() => {
      const put = IDBObjectStore.prototype.put
      const flags = {diskFull: false}
      Object.defineProperty(window, 'testStorage', {value: flags})
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (flags.diskFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        return put.apply(this, args)
      }
    })
    const setDiskFull = (full: boolean) =>
      page.evaluate((full) => ((window as unknown as {testStorage: {diskFull: boolean}}).testStorage.diskFull = full), full)
    await openMarkdown(page, served.url, '# Quota test\n')
    await page.waitForTimeout(600)
    await setDiskFull(true)
    await focusEditorEnd(page)
    const typed = 'Typed while the disk is full: quail 1357924680 end'
    await page.keyboard.type(`\n\n${typed}`)
    await notice(page).waitFor({timeout: 10_000})
    expect(await notice(page).textContent()).toMatch(/^Changes are not being saved: the browser’s storage for this site is full\./)
    await waitForPreviewText(page, typed)
    // Renaming is a change too; it fails the same way.
    await page.fill('.doc-title', 'Quota test renamed')
    await page.press('.doc-title', 'Enter')
    await page.waitForTimeout(600)
    expect(await notice(page).isVisible()).toBe(true)

    // Room again: the next change saves everything, what was typed and renamed while full included.
    await setDiskFull(false)
    await focusEditorEnd(page)
    await page.keyboard.type(' and more')
    await notice(page).waitFor({state: 'detached', timeout: 10_000})
    await page.reload()
    await waitForEditor(page)
    await waitForRender(page)
    expect(await page.textContent(`${previewRoot} .markdown-body`)).toContain(`${typed} and more`)
    expect(await page.inputValue('.doc-title')).toBe('Quota test renamed')
    expect(errors).toEqual([])
  })
})
