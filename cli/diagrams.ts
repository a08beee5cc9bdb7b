/**
 * The CLI's diagrams, drawn as Export HTML draws them: in headless Chromium,
 * in the same two sandboxed frames as the app's (`draw-frame.js` runs
 * mermaid, `sanitize-frame.js` DOMPurify), their scripts put in from this
 * repository and node_modules. The page's policy, which the frames inherit,
 * lets nothing load. Without Chromium, diagrams stay code and the caller says why.
 */
import {existsSync} from 'node:fs'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'
import type {Root} from 'hast'
import type {Browser, Page} from 'playwright-core'
import {diagramFontFamily, drawAndSanitize, drawDiagrams, findDiagrams, type FailedDiagram, type FrameAnswer} from '../shared/diagrams.ts'
import {chromiumPath, launchChromium} from './chromium.ts'

const require = createRequire(import.meta.url)
const frameScript = (name: string) => fileURLToPath(new URL(`../src/render/mermaid/${name}`, import.meta.url))
/** Each frame's scripts, in order; the last says it is ready. */
const frameScripts = {
  draw: [require.resolve('mermaid/dist/mermaid.min.js'), frameScript('draw-frame.js')],
  sanitize: [require.resolve('dompurify/dist/purify.min.js'), frameScript('sanitize-frame.js')],
}

/** How long the frames may take to load, and one diagram to be drawn. */
const loadTimeoutMs = 30_000
const drawTimeoutMs = 20_000

/**
 * The host page: two sandboxed frames, and `ask(frame, request)`, which posts
 * a request to one and resolves with its answer (see sandboxed-frame.ts).
 */
const hostPage = `<!doctype html><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
<body>
<script>
const ready = new Set()
let nextId = 0
let allReady
window.whenReady = new Promise((resolve) => { allReady = resolve })
addEventListener('message', (event) => {
  for (const frame of document.querySelectorAll('iframe')) if (event.source === frame.contentWindow && event.data?.ready === true) ready.add(frame.id)
  if (ready.size === 2) allReady()
})
window.ask = (name, request) => new Promise((resolve) => {
  const target = document.getElementById(name).contentWindow
  const id = nextId++
  const listener = (event) => {
    if (event.source !== target || event.data?.id !== id) return
    removeEventListener('message', listener)
    resolve(event.data)
  }
  addEventListener('message', listener)
  target.postMessage({...request, id}, '*')
})
</script>
<iframe id="draw" sandbox="allow-scripts" srcdoc="<!doctype html><meta charset=utf-8><body>"></iframe>
<iframe id="sanitize" sandbox="allow-scripts" srcdoc="<!doctype html><meta charset=utf-8><body>"></iframe>`

/**
 * Replace, in place, the closed mermaid fences of `hast` with their drawings;
 * the diagrams left as code and why. Chromium starts only for a document with diagrams.
 */
export async function drawDiagramsInChromium(hast: Root): Promise<FailedDiagram[]> {
  const found = findDiagrams(hast)
  if (found.length === 0) return []
  if (!existsSync(chromiumPath)) {
    const error = `no Chromium at ${chromiumPath} to draw with (set CHROMIUM_PATH)`
    return found.map(({source, line}) => ({source, line, error}))
  }
  const browser = await launchChromium()
  try {
    const page = await openHost(browser)
    // The drawing frame answers in turn: once one diagram hangs, the rest would wait behind it.
    let hung = false
    const ask = (frame: string, request: object) => askFrame(page, frame, request)
    return await drawDiagrams(hast, (source, theme) =>
      hung
        ? Promise.resolve({error: 'An earlier diagram took too long to draw'})
        : drawAndSanitize(ask, {source, theme, fontFamily: diagramFontFamily}, () => (hung = true)),
    )
  } finally {
    await browser.close()
  }
}

async function openHost(browser: Browser): Promise<Page> {
  const page = await browser.newPage()
  await page.setContent(hostPage)
  for (const [id, scripts] of Object.entries(frameScripts)) {
    const frame = await (await page.$(`#${id}`))?.contentFrame()
    if (!frame) throw new Error(`The ${id} frame did not load`)
    for (const path of scripts) await frame.addScriptTag({path})
  }
  // Not `waitForFunction` with a string: Playwright evaluates it again at each poll with `eval`, which the page's policy refuses.
  const ready = page.evaluate(() => (globalThis as unknown as {whenReady: Promise<void>}).whenReady.then(() => true))
  if (!(await within(ready, loadTimeoutMs))) throw new Error(`The diagram frames did not start within ${loadTimeoutMs / 1000} s`)
  return page
}

function askFrame(page: Page, name: string, request: object): Promise<FrameAnswer | undefined> {
  const answer = page.evaluate(([name, request]) => (globalThis as unknown as {ask(name: string, request: object): Promise<FrameAnswer>}).ask(name, request), [
    name,
    request,
  ] as const)
  return within(answer, drawTimeoutMs)
}

/** What `promise` resolves to, or `undefined` once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
