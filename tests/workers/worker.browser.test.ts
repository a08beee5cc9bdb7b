/**
 * The real render worker in Chromium, from a production build: it starts,
 * renders through Comlink, and fetches each grammar only when a block needs it.
 */
import {readdir, rm} from 'node:fs/promises'
import path from 'node:path'
import type {Root, RootContent} from 'hast'
import {toHtml} from 'hast-util-to-html'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {generateMarkdown} from '../../shared/gen-samples.ts'
import {hastToDisplay} from '../../workers/display/block-to-display.ts'
import {languageLoaders} from '../../workers/lang-loaders.generated.ts'
import {markdownToHast} from '../../workers/pipeline.ts'
import {createSessionMirror} from '../../shared/protocol.ts'
import type {RenderResult} from '../../workers/types.ts'
import {buildApp, collectErrors, guardNetwork, connectChromium, serve, type BuildResult, type NetworkLog, type Served} from '../e2e/browser.ts'

const doc = `# Doc

\`\`\`js
const answer = 42
\`\`\`

Euler: $e^{i\\pi} + 1 = 0$

| a | b |
| - | - |
| 1 | 2 |

A claim.[^1]

[^1]: The source.
`

let build: BuildResult
let served: Served
let browser: Browser
let page: Page
let network: NetworkLog
let errors: string[]
let assets: string[]

beforeAll(async () => {
  build = await buildApp({input: 'tests/harness/worker.html'})
  assets = await readdir(path.join(build.outDir, 'assets'))
  served = await serve(build.outDir)
  browser = await connectChromium()
  page = await browser.newPage()
  network = guardNetwork(page)
  errors = collectErrors(page)
  await page.goto(`${served.url}/tests/harness/worker.html`)
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
  if (build) await rm(build.outDir, {recursive: true, force: true})
})

/** Render in the page's worker; fails fast if the worker died. */
function render(markdown: string): Promise<RenderResult> {
  return page.evaluate((md) => Promise.race([window.renderer.markdownToHast(md), window.workerFailed]), markdown)
}

/** Name of a built chunk without its hash: `javascript-DmhF-QE7.js` → `javascript`. */
function chunkName(file: string): string | undefined {
  return /^(.+)-[\w-]{8}\.js$/.exec(file)?.[1]
}

/** Whether the page (or its worker) has fetched the grammar chunk for `id`. */
function fetchedGrammar(id: string): boolean {
  // One copy per worker bundle: the render worker's and the block pool's.
  const files = assets.filter((name) => chunkName(name) === id)
  if (files.length === 0) throw new Error(`Expected a built chunk for the \`${id}\` grammar`)
  return network.urls.some((url) => files.some((file) => url.endsWith(`/assets/${file}`)))
}

describe('render worker in Chromium (production build)', () => {
  it('should build each grammar as its own chunk', () => {
    // With worker format 'iife' they would all be inlined into the worker.
    const grammars = assets.filter((file) => Object.hasOwn(languageLoaders, chunkName(file) ?? ''))
    expect(grammars.length).toBeGreaterThan(200)
  })

  it('should render plain markdown without fetching a grammar', async () => {
    const result = await render('Just *text*.')
    expect(toHtml(result.hast)).toBe('<p data-line-start="1" data-line-end="1">Just <em>text</em>.</p>')
    expect(fetchedGrammar('javascript')).toBe(false)
  })

  it('should render code, math, a table and a footnote', async () => {
    const result = await render(doc)
    const html = toHtml(result.hast)
    expect(result.messages).toEqual([])
    expect(result.loadedLanguages).toContain('javascript')
    expect(html).toContain('<span style="--shiki-light:#CF222E;--shiki-dark:#FF7B72">const</span>')
    expect(html).toContain('<span class="katex"><span class="katex-mathml"><math')
    expect(html).toContain('<th>a</th>')
    expect(html).toContain('<td>2</td>')
    expect(html).toContain('<section data-footnotes="" class="footnotes">')
  })

  it('should fetch a grammar only once a block needs it', async () => {
    expect(fetchedGrammar('javascript')).toBe(true)
    expect(fetchedGrammar('python')).toBe(false)
    const result = await render('```python\nprint("hi")\n```')
    expect(result.loadedLanguages).toContain('python')
    expect(fetchedGrammar('python')).toBe(true)
  })

  it('should render a long document on a pool of workers, identical to a full render', async () => {
    const text = generateMarkdown(60_000, 3)
    const timed = (sessionId: string, pool: number) =>
      page.evaluate(
        async ({md, id, size}) => {
          await window.renderer.usePool(size)
          const started = performance.now()
          const updates = await Promise.race([window.renderSession(id, md, 1), window.workerFailed])
          return {updates, ms: performance.now() - started}
        },
        {md: text, id: sessionId, size: pool},
      )
    const cold = await timed('pooled-cold', 2)
    const warm = await timed('pooled', 2)
    // Figures for the reader; speed is the benchmark's business, not this test's.
    console.log(`open ${text.length} chars in the worker: ${Math.round(cold.ms)} ms on a new pool of 2, ${Math.round(warm.ms)} ms on it warm`)
    expect(network.urls.some((url) => /\/assets\/block\.worker-[\w-]+\.js$/.test(url))).toBe(true)
    // The app's stream sends display-ready blocks (children only: a full render's root carries the parser's `data`).
    const whole = displayHtml(hastToDisplay((await markdownToHast(text)).hast))
    for (const {updates} of [cold, warm]) {
      const mirror = createSessionMirror()
      for (const update of updates) mirror.apply(update)
      expect(displayHtml(mirror.hast())).toBe(whole)
    }
  })

  it('should log no errors and fetch nothing off this machine', () => {
    // A worker bundled with DOM builds dies on load: "DOMParser is not defined"
    // (hast-util-from-html-isomorphic) or "document is not defined"
    // (decode-named-character-reference).
    expect(errors).toEqual([])
    expect(network.urls.length).toBeGreaterThan(0)
    expect(network.external()).toEqual([])
  })
})

/**
 * HTML of display-ready HAST, its style objects written back as strings:
 * a block rendered in part may split a text node, or leave out a `false`
 * property, where the parser did not, and the page is the same.
 */
function displayHtml(tree: Root): string {
  const restyle = (node: Root | RootContent): void => {
    if (node.type === 'element' && typeof node.properties.style === 'object' && node.properties.style !== null) {
      node.properties.style = Object.entries(node.properties.style)
        .map(([name, value]) => `${name}:${String(value)}`)
        .join(';')
    }
    if ('children' in node) for (const child of node.children) restyle(child)
  }
  const copy = structuredClone(tree)
  restyle(copy)
  return toHtml(copy)
}
