/**
 * GitHub's and chat models' syntax in Chromium, against the production
 * build: alerts, `\(…\)` and `\[…\]` math, front matter and emoji shortcodes
 * render visibly in the editor's preview in the light and dark themes, and a
 * chat reply holding them (the feature tour) streams without their raw
 * syntax on screen, its code plain until the worker has compiled the
 * grammar ahead. Screenshots land in scratch/ (git-ignored).
 */
import {mkdir} from 'node:fs/promises'
import path from 'node:path'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {openMarkdown, previewRoot} from './app-helpers.ts'
import {appBuild, collectErrors, guardNetwork, connectChromium, root, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'

let build: AppBuild
let served: Served
let browser: Browser
let page: Page
let network: NetworkLog
let errors: string[]

const markdown = [
  '---',
  'title: Syntax check',
  'tags: [alerts, math]',
  '---',
  '',
  '# Party :tada:',
  '',
  'Inline \\(a^2 + b^2 = c^2\\) and `:tada:` in code.',
  '',
  '\\[',
  '\\int_0^1 x\\,dx = \\frac{1}{2}',
  '\\]',
  '',
  '> [!NOTE]',
  '> Useful information.',
  '',
  '> [!TIP]',
  '> Helpful advice.',
  '',
  '> [!IMPORTANT]',
  '> Key information.',
  '',
  '> [!WARNING]',
  '> Urgent info.',
  '',
  '> [!CAUTION]',
  '> Risks ahead.',
  '',
].join('\n')

beforeAll(async () => {
  build = appBuild()
  const tps = process.env.CHAT_REPLAY_TPS
  process.env.CHAT_REPLAY_TPS = '150'
  try {
    served = await serve(build.outDir)
  } finally {
    if (tps === undefined) delete process.env.CHAT_REPLAY_TPS
    else process.env.CHAT_REPLAY_TPS = tps
  }
  browser = await connectChromium()
  const context = await browser.newContext({viewport: {width: 1280, height: 1000}, colorScheme: 'light'})
  page = await context.newPage()
  network = guardNetwork(page)
  errors = collectErrors(page)
  await mkdir(path.join(root, 'scratch'), {recursive: true})
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** The colour of each alert's title, in the order of the document. */
function alertTitleColors(): Promise<string[]> {
  return page.$$eval(`${previewRoot} .markdown-alert-title`, (titles) => titles.map((title) => getComputedStyle(title).color))
}

describe('syntax features in the preview', () => {
  it('should render each feature visibly, in the light and the dark theme', async () => {
    await openMarkdown(page, served.url, markdown)
    const preview = page.locator(previewRoot)
    // Front matter: a table with the keys as headers.
    expect(await preview.locator('table[data-table-type="yaml-metadata"] th').allTextContents()).toEqual(['title', 'tags'])
    expect(await preview.locator('h1').textContent()).toContain('Party 🎉')
    expect(await preview.locator('code', {hasText: ':tada:'}).count()).toBe(1)
    expect(await preview.locator('p .katex').count()).toBe(1)
    expect(await preview.locator('.math-block .katex-display').count()).toBe(1)
    // Alerts: a title with its icon, drawn at a size.
    expect(await preview.locator('.markdown-alert-title').allTextContents()).toEqual(['Note', 'Tip', 'Important', 'Warning', 'Caution'])
    const icon = await preview.locator('.markdown-alert-title svg').first().boundingBox()
    expect(icon?.width).toBe(16)
    const light = await alertTitleColors()
    expect(new Set(light).size).toBe(5)
    await preview.screenshot({path: path.join(root, 'scratch/syntax-features-light.png')})

    await page.emulateMedia({colorScheme: 'dark'})
    await expect.poll(alertTitleColors).not.toEqual(light)
    expect(new Set(await alertTitleColors()).size).toBe(5)
    await preview.screenshot({path: path.join(root, 'scratch/syntax-features-dark.png')})
    await page.emulateMedia({colorScheme: 'light'})
    expect(errors).toEqual([])
    expect(network.external()).toEqual([])
  }, 120_000)
})

describe('syntax features in a streaming chat reply', () => {
  it('should never show their raw syntax while the feature tour streams', async () => {
    await page.goto(`${served.url}/?view=chat`)
    await page.fill('textarea[aria-label="Message"]', '/sample feature-tour')
    await page.press('textarea[aria-label="Message"]', 'Enter')
    const reply = '[data-role="assistant"]:last-of-type'
    await page.waitForSelector(`${reply}[data-status="streaming"]`, {timeout: 60_000})
    // Each frame while it streams, the reply's prose as shown (without code
    // and math), searched for raw syntax. (The replay model's notice comes
    // first, so the tour's front matter is a rule and a heading here, as
    // GitHub would show it after a paragraph.)
    await page.evaluate((reply) => {
      const state = {samples: 0, flashes: [] as string[]}
      Object.assign(window, {syntaxFlashes: state})
      const sample = () => {
        const body = document.querySelector(`${reply} .markdown-body`)
        if (body) {
          const copy = body.cloneNode(true) as HTMLElement
          for (const node of copy.querySelectorAll('pre, code, .katex, .katex-error, table, .diagram-block')) node.remove()
          state.samples++
          for (const raw of (copy.textContent ?? '').match(/\\[()[\]]|\[!\w*\]?|:[a-z+_-]+:/g) ?? []) state.flashes.push(raw)
        }
        if (document.querySelector(reply)?.getAttribute('data-status') === 'streaming') requestAnimationFrame(sample)
      }
      requestAnimationFrame(sample)
    }, reply)
    await page.waitForSelector(`${reply}[data-status="done"][data-render-state="idle"]`, {timeout: 60_000})
    const {samples, flashes} = await page.evaluate(() => (window as unknown as {syntaxFlashes: {samples: number; flashes: string[]}}).syntaxFlashes)
    expect(samples).toBeGreaterThan(20)
    expect([...new Set(flashes)]).toEqual([])
    const body = page.locator(`${reply} .markdown-body`)
    expect(await body.locator('.markdown-alert').count()).toBe(5)
    expect(await body.locator('.math-block .katex-display').count()).toBeGreaterThan(1)
    expect(await body.textContent()).toContain('🎉')
    await body
      .locator('.markdown-alert')
      .first()
      .screenshot({path: path.join(root, 'scratch/syntax-features-chat-alert.png')})
  }, 240_000)

  it('should show code in a grammar not compiled yet plain, in its language, until the worker has compiled it, and highlighted in the end', async () => {
    // A fresh page: a new worker, which has compiled no grammar ahead.
    await page.goto(`${served.url}/?view=chat`)
    // Each state the reply's Java block takes while the reply streams.
    await page.evaluate(() => {
      const states: string[] = []
      Object.assign(window, {codeStates: states})
      new MutationObserver(() => {
        const message = document.querySelector('[data-role="assistant"]:last-of-type')
        const pre = message?.getAttribute('data-status') === 'streaming' ? message.querySelector('pre[data-language="java"]') : null
        const state = pre ? (pre.classList.contains('shiki') ? 'highlighted' : 'plain') : undefined
        if (state && states.at(-1) !== state) states.push(state)
      }).observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'data-status']})
    })
    // A generated reply whose Java block starts about 900 characters in and runs for 2,000.
    await page.fill('textarea[aria-label="Message"]', '/bench-reply bytes=2500 seed=96 cps=600 footnotes=0')
    await page.press('textarea[aria-label="Message"]', 'Enter')
    const reply = '[data-role="assistant"]:last-of-type'
    await page.waitForSelector(`${reply}[data-status="done"][data-render-state="idle"]`, {timeout: 60_000})
    // Plain first; highlighted once compiled, which on a busy machine may come only with the final render.
    expect((await page.evaluate(() => (window as unknown as {codeStates: string[]}).codeStates))[0]).toBe('plain')
    expect(await page.locator(`${reply} pre.shiki[data-language="java"]`).count()).toBe(1)
    expect(errors).toEqual([])
  }, 120_000)
})
