/**
 * Attack payloads (tests/fixtures/xss-payloads.ts) opened through share
 * links in the production build, under the server's Content-Security-Policy,
 * in Chromium. For each: the preview holds nothing that could run script,
 * navigate or clobber a global; clicking every link runs no script, opens no
 * dialog, leaves the page where it is and opens new tabs only for http(s),
 * mailto and tel addresses; and the editor still works afterwards. No request
 * may leave localhost.
 */
import lzString from 'lz-string'
import type {Browser, BrowserContext, Page, Request} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {xssPayloads} from '../fixtures/xss-payloads.ts'
import {previewRoot, waitForEditor, waitForRender} from './app-helpers.ts'
import {appBuild, connectChromium, guardNetwork, isLocal, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'
import {body, clickEveryLink, clobberedGlobals, unsafeMarkup} from './xss-checks.ts'

let build: AppBuild
let served: Served
let browser: Browser
let context: BrowserContext
let page: Page
let network: NetworkLog
/** Dialogs (`alert`, `confirm`, …) seen in any tab. */
const dialogs: string[] = []
/** Addresses that opened in a new tab. */
const opened: string[] = []
/** Requests that tried to leave the machine from any tab; all aborted. */
const blocked: string[] = []
/** Navigations of the app's own tab since the payload rendered, blocked ones included. */
const navigations: string[] = []
/** Uncaught errors of the app's tab. */
const pageErrors: string[] = []
/** New tabs still being recorded and closed. */
let popups: Promise<void>[] = []

beforeAll(async () => {
  build = appBuild()
  served = await serve(build.outDir)
  browser = await connectChromium()
  context = await browser.newContext({viewport: {width: 1400, height: 900}})
  // Links to other sites may open (in a new tab), but nothing may reach them.
  await context.route(
    (url) => !isLocal(url.href),
    (route) => {
      const request = route.request()
      blocked.push(request.url())
      if (request.isNavigationRequest() && !inAppTab(request)) opened.push(request.url())
      return route.abort('blockedbyclient')
    },
  )
  await context.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__cspViolations', {value: seen})
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  page = await context.newPage()
  network = guardNetwork(page)
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`))
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss().catch(() => {})
  })
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url())
  })
  // A navigation the route blocks never commits, so catch the attempt too.
  page.on('request', (request) => {
    if (request.isNavigationRequest() && inAppTab(request)) navigations.push(`request ${request.url()}`)
  })
  context.on('page', (popup) => {
    if (popup !== page) popups.push(recordPopup(popup))
  })
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** Whether `request` navigates the app's tab (not a new one). */
function inAppTab(request: Request): boolean {
  try {
    return request.frame() === page.mainFrame()
  } catch {
    // A new tab's first request comes before its frame exists.
    return false
  }
}

/**
 * Note where a new tab went, catch its dialogs, then close it. The event
 * comes once the tab has committed its first address; a tab whose request
 * was blocked shows an error page instead, and is recorded by the route.
 * Chromium hands `mailto:` and `tel:` to the system and closes their tab
 * itself with no address to read (or opens none at all without a fresh user
 * gesture); the markup check has already made sure every address is one that
 * may open.
 */
async function recordPopup(popup: Page): Promise<void> {
  popup.on('dialog', (dialog) => {
    dialogs.push(`new tab ${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss().catch(() => {})
  })
  const url = popup.url()
  if (url !== '' && !url.startsWith('chrome-error:')) opened.push(url)
  await popup.close().catch(() => {})
}

/**
 * Open `markdown` in a new document of the app through a share link; returns
 * the address it settles on. `reload`: in a freshly loaded page; otherwise
 * through a change of the fragment, as following a share link in an open tab
 * does (much faster than loading the app for each payload).
 */
async function openShared(markdown: string, tag: string, reload = true): Promise<string> {
  const hash = `#md=${lzString.compressToEncodedURIComponent(markdown)}`
  let address = `${served.url}/?case=${encodeURIComponent(tag)}`
  if (reload) {
    await page.goto(address + hash)
    await waitForEditor(page)
  } else {
    address = page.url()
    const before = await page.inputValue('.doc-title')
    await page.evaluate((hash) => {
      ;(window as unknown as {__cspViolations: string[]}).__cspViolations.length = 0
      location.hash = hash
    }, hash)
    await page.waitForFunction((before) => document.querySelector<HTMLInputElement>('.doc-title')?.value !== before, before)
  }
  await waitForRender(page)
  // The app drops the `#md=` fragment once it has opened the text.
  expect(page.url()).toBe(address)
  navigations.length = 0
  return address
}

/** Type a heading over the whole text and wait for the preview to show it. */
async function expectEditorStillWorks(page: Page, heading: string): Promise<void> {
  await page.click('.monaco-editor .view-lines')
  await page.keyboard.press('Control+A')
  await page.keyboard.insertText(`# ${heading}`)
  await page.waitForFunction(
    ({selector, heading}) => {
      const root = document.querySelector(selector)
      return root?.getAttribute('data-render-state') === 'idle' && root.querySelector('.markdown-body h1')?.textContent === heading
    },
    {selector: previewRoot, heading},
    {timeout: 30_000},
  )
}

/** Let what `clicks` clicks may have started (handlers, timers, new tabs) happen. */
async function settle(clicks = 1): Promise<void> {
  if (clicks > 0) await page.waitForTimeout(250)
  while (popups.length > 0) {
    const pending = popups
    popups = []
    await Promise.all(pending)
  }
  // A new tab leaves the app's tab in the background, where Chromium runs
  // animation frames no more and timers once a second, as it would for a user.
  await page.bringToFront()
}

const openable = /^(https?:|mailto:|tel:)/

describe('hostile markdown in the preview', () => {
  it('should open links that leave the document in a new tab, and let nothing reach another host', async () => {
    const address = await openShared(
      '# Links\n\n[site](https://evil.example/page) [app](/?from=link) [query](?q=1) [fragment](#links) [mail](mailto:someone@example.com) [call](tel:+1-555-0100)',
      'links',
    )
    expect(await clickEveryLink(page)).toBe(7)
    await settle()
    // The recording works: both new tabs were seen, and the other host never answered.
    expect(opened).toContain('https://evil.example/page')
    expect(opened).toContain(`${served.url}/?from=link`)
    expect(opened).toContain(`${served.url}/?q=1`)
    expect(blocked).toContain('https://evil.example/page')
    expect(opened.filter((url) => !openable.test(url))).toEqual([])
    expect(navigations).toEqual([])
    expect(page.url()).toBe(address)
    expect(dialogs).toEqual([])
  })

  it('should catch unsafe markup, and block inline script by the CSP, when something gets into the preview', async () => {
    await openShared('# Control\n\ntext', 'control')
    // Put into the DOM what the pipeline must never produce, to show the checks can fail.
    await page.$eval(body, (root) => {
      root.insertAdjacentHTML('beforeend', '<p><a href="javascript:window.__xss=1">bad</a><img name="cookie" onerror="window.__xss=2" src="x"></p>')
    })
    const problems = await unsafeMarkup(page)
    expect(problems.some((problem) => problem.startsWith('javascript: address'))).toBe(true)
    expect(problems.some((problem) => problem.startsWith('handler onerror'))).toBe(true)
    expect(problems.some((problem) => problem.startsWith('unprefixed name'))).toBe(true)
    expect(await clobberedGlobals(page)).toEqual(['document.cookie'])
    await page.click(`${body} a[href^="javascript:"]`, {noWaitAfter: true})
    await settle()
    // The policy of `vite preview` is the server's: neither the handler nor the address ran.
    expect(await page.evaluate(() => (window as unknown as {__xss?: number}).__xss)).toBeUndefined()
    const violations = await page.evaluate(() => (window as unknown as {__cspViolations: string[]}).__cspViolations)
    expect(violations.filter((violation) => violation.startsWith('script-src')).length).toBeGreaterThanOrEqual(2)
  })

  for (const [index, payload] of xssPayloads.entries()) {
    it(`should neutralize ${payload.category}: ${payload.name}`, async () => {
      opened.length = 0
      // The first payload gets a fresh page, after the check above put bad markup in the last one.
      const address = await openShared(payload.markdown, String(index), index === 0)
      expect(await unsafeMarkup(page)).toEqual([])

      await settle(await clickEveryLink(page))
      expect(dialogs).toEqual([])
      expect(await clobberedGlobals(page)).toEqual([])
      expect(navigations).toEqual([])
      expect(page.url()).toBe(address)
      expect(opened.filter((url) => !openable.test(url))).toEqual([])
      expect(await page.evaluate(() => (window as unknown as {__cspViolations: string[]}).__cspViolations)).toEqual([])
      expect(network.external()).toEqual([])
      expect(pageErrors).toEqual([])

      await expectEditorStillWorks(page, `Still working ${index}`)
    })
  }

  it('should cover every kind of attack with enough payloads', () => {
    const categories = new Set(xssPayloads.map((payload) => payload.category))
    expect([...categories].sort()).toEqual(['clobber', 'fence', 'html', 'katex', 'mathml', 'svg', 'url'])
    expect(xssPayloads.length).toBeGreaterThanOrEqual(40)
    expect(new Set(xssPayloads.map((payload) => payload.name)).size).toBe(xssPayloads.length)
  })
})
