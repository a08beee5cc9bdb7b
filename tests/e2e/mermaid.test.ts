/**
 * Mermaid diagrams in Chromium, against the production build under its
 * Content-Security-Policy: drawn in the app's theme, with the source a click
 * away, errors in place, nothing drawn before the fence closes (typed in
 * the editor, or streamed in a chat reply), nothing run
 * from a hostile diagram, and nothing of mermaid loaded for a document
 * without a diagram (no long task while drawing: hostile.test.ts). Screenshots
 * land in scratch/ (git-ignored) for review.
 */
import {mkdir} from 'node:fs/promises'
import path from 'node:path'
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {focusEditorEnd, openMarkdown, previewRoot, renderVersion, waitForRender} from './app-helpers.ts'
import {appBuild, guardNetwork, connectChromium, root, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'
import {allowClipboard, copiedText} from './clipboard.ts'

let build: AppBuild
let served: Served
let browser: Browser
let context: BrowserContext
let page: Page
let network: NetworkLog
/** Console errors, with the script or page they came from. */
const errors: {url: string; text: string}[] = []

const flowchart = [
  '```mermaid',
  'graph TD',
  '  Start[Start] --> Check{Fence closed?}',
  '  Check -->|yes| Draw[Draw the diagram]',
  '  Check -->|no| Wait[Show the source]',
  '```',
].join('\n')
const sequence = ['```mermaid', 'sequenceDiagram', '  Alice->>Bob: Hello Bob', '  Bob-->>Alice: Hi Alice', '```'].join('\n')

/** A drawn diagram's SVG, in the shadow root of its `.diagram` (Playwright's selectors go into open shadow roots). */
const diagramSvg = '.diagram svg[id^="mermaid-"]'

/** Requests that belong to the diagram renderer. */
function diagramRequests(): string[] {
  return network.urls.filter((url) => /mermaid\.min|purify|-frame|draw-diagram/.test(url))
}

/** Wait until the preview shows `count` drawn diagrams. */
async function waitForDiagrams(count: number): Promise<void> {
  await page.waitForFunction(
    (count) => [...document.querySelectorAll('.diagram')].filter((host) => host.shadowRoot?.querySelector('svg')).length === count,
    count,
    {timeout: 60_000},
  )
}

/** The relative luminance (0 to 1) of the computed fill of the first drawn node's shape. */
function nodeFillLuminance(): Promise<number> {
  return page.$eval('.diagram svg .node :is(rect, polygon, path)', (shape) => {
    const [r, g, b] = getComputedStyle(shape)
      .fill.match(/\d+(\.\d+)?/g)!
      .map(Number) as [number, number, number]
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
  })
}

beforeAll(async () => {
  build = appBuild()
  // The replay model streams its diagram answer a word at a time, slowly
  // enough that the diagram's fence stays open for several renders even
  // while other test files load the machine.
  const tps = process.env.CHAT_REPLAY_TPS
  process.env.CHAT_REPLAY_TPS = '40'
  try {
    served = await serve(build.outDir)
  } finally {
    if (tps === undefined) delete process.env.CHAT_REPLAY_TPS
    else process.env.CHAT_REPLAY_TPS = tps
  }
  browser = await connectChromium()
  context = await browser.newContext({viewport: {width: 1280, height: 900}, colorScheme: 'light'})
  await allowClipboard(context, served.url)
  page = await context.newPage()
  network = guardNetwork(page)
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push({url: message.location().url, text: message.text()})
  })
  await page.addInitScript(() => {
    const state = {violations: [] as string[], frameMessages: [] as unknown[]}
    Object.assign(window, {mermaidTest: state})
    document.addEventListener('securitypolicyviolation', (event) => state.violations.push(`${event.violatedDirective} ${event.blockedURI.slice(0, 60)}`))
    // A payload that ran in the diagram frame could only post a message.
    addEventListener('message', (event) => {
      if (typeof event.data === 'string') state.frameMessages.push(event.data)
    })
  })
  await mkdir(path.join(root, 'scratch'), {recursive: true})
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

describe('mermaid diagrams', () => {
  it('should load nothing of mermaid for a document without a diagram', async () => {
    await openMarkdown(page, served.url, '# No diagram\n\n```js\nconst mermaid = "not a diagram"\n```\n')
    await page.waitForTimeout(500)
    expect(diagramRequests()).toEqual([])
    expect(await page.locator('iframe').count()).toBe(0)
  })

  it('should draw diagrams as SVG in the light and the dark theme', async () => {
    await openMarkdown(page, served.url, `# Diagrams\n\n${flowchart}\n\n${sequence}\n`)
    await waitForDiagrams(2)
    // Loaded now, in a sandboxed frame (whose own requests the page's log does not show).
    expect(diagramRequests().some((url) => url.includes('draw-diagram'))).toBe(true)
    expect(network.external()).toEqual([])
    expect(await page.$$eval('iframe', (frames) => frames.map((frame) => frame.getAttribute('sandbox')))).toEqual(['allow-scripts', 'allow-scripts'])
    const labels = await page.locator(diagramSvg).allTextContents()
    expect(labels[0]).toContain('Draw the diagram')
    expect(labels[1]).toContain('Hello Bob')
    // Drawn, not left as highlighted source.
    expect(await page.locator(`${previewRoot} pre[data-language="mermaid"]`).count()).toBe(0)
    expect(await nodeFillLuminance()).toBeGreaterThan(0.6)
    await page
      .locator('.diagram-block')
      .first()
      .screenshot({path: path.join(root, 'scratch/mermaid-light.png')})

    await page.emulateMedia({colorScheme: 'dark'})
    await page.waitForFunction(
      () => {
        const shape = document.querySelector('.diagram')?.shadowRoot?.querySelector('.node :is(rect, polygon, path)')
        return shape != null && !/^rgb\(2[0-9]{2}/.test(getComputedStyle(shape).fill)
      },
      undefined,
      {timeout: 30_000},
    )
    await waitForDiagrams(2)
    expect(await nodeFillLuminance()).toBeLessThan(0.4)
    await page
      .locator('.diagram-block')
      .first()
      .screenshot({path: path.join(root, 'scratch/mermaid-dark.png')})
    await page
      .locator('.diagram-block')
      .nth(1)
      .screenshot({path: path.join(root, 'scratch/mermaid-sequence-dark.png')})
    await page.emulateMedia({colorScheme: 'light'})
  })

  it('should toggle to the source and copy it', async () => {
    const block = page.locator('.diagram-block').first()
    await block.getByRole('button', {name: 'Source', exact: true}).click()
    expect(await block.locator(diagramSvg).count()).toBe(0)
    expect(await block.locator('pre').textContent()).toContain('Check -->|yes| Draw[Draw the diagram]')
    await block.getByRole('button', {name: 'Diagram', exact: true}).click()
    expect(await block.locator(diagramSvg).count()).toBe(1)
    await block.getByRole('button', {name: 'Copy diagram source'}).click()
    await expect.poll(() => copiedText(page)).toBe(flowchart.split('\n').slice(1, -1).join('\n'))
  })

  it('should show a syntax error in place, with the source', async () => {
    await openMarkdown(page, served.url, '# Broken\n\n```mermaid\ngraph TD\n  A[Open --> B\n```\n\nAfter the diagram.\n')
    const error = page.locator('.diagram-block .diagram-error')
    await error.waitFor({timeout: 60_000})
    expect(await error.textContent()).toMatch(/error/i)
    expect(await page.locator('.diagram-block pre').textContent()).toContain('A[Open --> B')
    expect(await page.textContent(`${previewRoot} p`)).toBe('After the diagram.')
    await page.locator('.diagram-block').screenshot({path: path.join(root, 'scratch/mermaid-error.png')})
  })

  it('should show the source while the fence is open, and the diagram once it closes', async () => {
    await openMarkdown(page, served.url, '# Streaming\n')
    // Anything drawn, or any error, before the fence closes is a flash.
    await page.evaluate(() => {
      const seen = {drawn: false, error: false}
      Object.assign(window, {mermaidFlash: seen})
      new MutationObserver(() => {
        seen.drawn ||= document.querySelector('.diagram') !== null
        seen.error ||= document.querySelector('.diagram-error') !== null
      }).observe(document.body, {childList: true, subtree: true})
    })
    await focusEditorEnd(page)
    // No indentation: Monaco would carry it to the closing fence.
    for (const piece of ['\n\n```mer', 'maid\ngraph TD\n', 'A[One] -', '-> B[Two', ']\nB --> C', '[Three]\n', '``']) {
      const before = await renderVersion(page)
      await page.keyboard.insertText(piece)
      await waitForRender(page, before)
    }
    expect(await page.locator(`${previewRoot} pre[data-language="mermaid"]`).textContent()).toContain('B --> C[Three]')
    expect(await page.evaluate(() => (window as unknown as {mermaidFlash: {drawn: boolean; error: boolean}}).mermaidFlash)).toEqual({
      drawn: false,
      error: false,
    })
    await page.keyboard.insertText('`\n\nAfter.')
    await waitForDiagrams(1)
    expect(await page.locator(diagramSvg).textContent()).toContain('Three')
    expect(await page.evaluate(() => (window as unknown as {mermaidFlash: {drawn: boolean; error: boolean}}).mermaidFlash.error)).toBe(false)
  })

  it('should run nothing from a hostile diagram', async () => {
    // Each payload sets a flag in whatever window runs it, and tells the page if that is the frame (no `;`, which ends a mermaid statement).
    const set = (tag: string) => `window.__mermaidXss='${tag}',parent.postMessage('xss-${tag}','*')`
    const hostile = [
      [
        '%%{init: {"securityLevel": "loose", "startOnLoad": true}}%%',
        'flowchart TD',
        `  A["<img src=x onerror=${set('label')}>"] --> B["<script>${set('script')}</script>"]`,
        `  B --> C["<a href='javascript:${set('html-link')}'>link</a>"]`,
        '  click A callback "A tooltip"',
        '  click B call eval(window)',
        `  click C "javascript:${set('click-href')}" "A link"`,
      ],
      ['flowchart LR', '  D[Plain] --> E[Other]', `  click D href "javascript:${set('href')}"`, '  click E href "https://example.com/" _top'],
      [
        '%%{init: {"themeCSS": "} svg { background: url(javascript:alert(1)) } #x {"}}%%',
        'sequenceDiagram',
        `  Alice->>Bob: <img src=x onerror="${set('message')}">`,
        `  link Alice: Evil @ javascript:${set('actor-link')}`,
      ],
      // Nothing from another host: a rendered diagram has no placeholder to click.
      [
        // Mermaid drops a themeCSS with `url(` in it; the sanitizer drops these too.
        `%%{init: {"themeCSS": "@import 'https://evil.example/theme.css'; svg { background-image: image-set('https://evil.example/set.png' 1x) } .node rect { fill: u\\\\72l(https://evil.example/escaped.png) }"}}%%`,
        'flowchart LR',
        '  F[Styled] --> G[Other]',
      ],
    ].map((lines) => ['```mermaid', ...lines, '```'].join('\n'))
    await openMarkdown(page, served.url, `# Hostile\n\n${hostile.join('\n\n')}\n`)
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.diagram-block').length === 4 &&
        [...document.querySelectorAll('.diagram-block')].every((block) => block.querySelector('.diagram, .diagram-error')),
      undefined,
      {timeout: 60_000},
    )
    expect(await page.locator(diagramSvg).count()).toBe(4)
    // Click whatever is clickable: nodes, labels, links.
    for (const target of await page.locator('.diagram :is(a, .node, .actor)').all()) await target.click({force: true, timeout: 2000}).catch(() => {})
    await page.waitForTimeout(1000)
    expect(page.url().startsWith(served.url)).toBe(true)
    expect(network.urls.filter((url) => url.includes('evil.example'))).toEqual([])
    const found = await page.evaluate(() => {
      const diagrams = [...document.querySelectorAll('.diagram')]
      const elements = diagrams.flatMap((diagram) => [...(diagram.shadowRoot?.querySelectorAll('*') ?? [])])
      return {
        flag: (window as unknown as {__mermaidXss?: unknown}).__mermaidXss,
        running: elements.filter((element) => /^(script|foreignobject|iframe|object|embed)$/i.test(element.tagName)).map((element) => element.tagName),
        handlers: elements.flatMap((element) => [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => attribute.name)),
        links: elements
          .flatMap((element) => ['href', 'xlink:href'].map((name) => element.getAttribute(name) ?? ''))
          .filter((href) => /^\s*javascript:/i.test(href)),
        state: (window as unknown as {mermaidTest: {violations: string[]; frameMessages: unknown[]}}).mermaidTest,
      }
    })
    expect(found.flag).toBeUndefined()
    expect(found.running).toEqual([])
    expect(found.handlers).toEqual([])
    expect(found.links).toEqual([])
    expect(found.state.frameMessages.filter((message) => String(message).startsWith('xss'))).toEqual([])
    expect(found.state.violations).toEqual([])
    // The frame's own copy of the policy may block what mermaid tries there; nothing is blocked on the page.
    const blocked = errors.filter((error) => /Content Security Policy/i.test(error.text))
    expect(blocked.filter((error) => !/mermaid\.min|about:srcdoc/.test(error.url))).toEqual([])
    await page
      .locator('.diagram-block')
      .first()
      .screenshot({path: path.join(root, 'scratch/mermaid-hostile.png')})
  })

  it("should show a streamed reply's diagram as source until its fence closes, then draw it", async () => {
    await page.goto(`${served.url}/?view=chat`)
    const reply = '[data-role="assistant"]:last-of-type'
    // Every state the reply is shown in, caught as the DOM changes: sampling
    // would miss a fence that opens and closes between two samples on a busy machine.
    await page.evaluate((reply) => {
      const seen = {open: false, closedWhileStreaming: false, error: false}
      Object.assign(window, {__fenceStates: seen})
      new MutationObserver(() => {
        const body = document.querySelector(`${reply} .markdown-body`)
        const streaming = document.querySelector(reply)?.getAttribute('data-status') === 'streaming'
        seen.open ||= body?.querySelector('pre[data-fence-open]') != null
        seen.closedWhileStreaming ||= streaming && body?.querySelector('.diagram-block') != null
        seen.error ||= body?.querySelector('.diagram-error') != null
      }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true})
    }, reply)
    await page.fill('textarea[aria-label="Message"]', 'Draw a diagram')
    await page.press('textarea[aria-label="Message"]', 'Enter')
    // The diagram takes the source's place as soon as its fence closes, while
    // the rest of the reply streams on; drawing it may take longer on a busy machine.
    await page.waitForFunction((reply) => document.querySelector(`${reply} .diagram`)?.shadowRoot?.querySelector('svg') != null, reply, {timeout: 120_000})
    const seen = await page.evaluate(() => (window as unknown as {__fenceStates: Record<string, boolean>}).__fenceStates)
    expect(seen).toEqual({open: true, closedWhileStreaming: true, error: false})
    expect(await page.locator(`${reply} ${diagramSvg}`).textContent()).toContain('Worker renders markdown')
    await page.click('.view-tab:has-text("Editor")')
  }, 240_000)
})
