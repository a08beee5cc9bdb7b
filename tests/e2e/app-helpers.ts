/**
 * Helpers for the app's end-to-end tests: open documents, type in Monaco,
 * and wait until the preview shows the latest text.
 */
import lzString from 'lz-string'
import type {Page} from 'playwright-core'

/** The preview's root, which carries `data-render-state` and `data-render-version`. */
export const previewRoot = '.preview-scroll'

/** The version the preview shows now. */
export async function renderVersion(page: Page): Promise<number> {
  return Number(await page.getAttribute(previewRoot, 'data-render-version'))
}

/** Wait until the preview is idle at a version above `after`; returns that version. */
export async function waitForRender(page: Page, after = 0, timeout = 30_000): Promise<number> {
  await page.waitForFunction(
    ({selector, after}) => {
      const root = document.querySelector(selector)
      return root?.getAttribute('data-render-state') === 'idle' && Number(root.getAttribute('data-render-version')) > after
    },
    {selector: previewRoot, after},
    {timeout},
  )
  return renderVersion(page)
}

/** Wait until Monaco has mounted. */
export async function waitForEditor(page: Page): Promise<void> {
  await page.waitForSelector('.monaco-editor .view-lines', {timeout: 60_000})
}

/** Open the app with `markdown` as a new document (through a share link), rendered. */
export async function openMarkdown(page: Page, origin: string, markdown: string): Promise<void> {
  await page.goto(`${origin}/#md=${lzString.compressToEncodedURIComponent(markdown)}`)
  await waitForEditor(page)
  await waitForRender(page)
}

/** Put the cursor at the end of the editor's text. */
export async function focusEditorEnd(page: Page): Promise<void> {
  await page.click('.monaco-editor .view-lines')
  await page.keyboard.press('Control+End')
}

/** Replace the editor's whole text, as a paste would. */
export async function replaceEditorText(page: Page, text: string): Promise<void> {
  await page.click('.monaco-editor .view-lines')
  await page.keyboard.press('Control+A')
  await page.keyboard.insertText(text)
}

/** Line numbers Monaco shows in its gutter right now, in order. */
export async function visibleEditorLines(page: Page): Promise<number[]> {
  const texts = await page.$$eval('.monaco-editor .margin-view-overlays .line-numbers', (nodes) =>
    nodes.map((node) => ({top: node.getBoundingClientRect().top, line: Number(node.textContent)})),
  )
  return texts
    .sort((a, b) => a.top - b.top)
    .map(({line}) => line)
    .filter((line) => line > 0)
}

/** The open document's name, as the header shows it. */
export function documentName(page: Page): Promise<string> {
  return page.inputValue('.doc-title')
}

/** Wait until the open document is named `name` and its preview is rendered. */
export async function waitForDocument(page: Page, name: string): Promise<void> {
  await page.waitForFunction((name) => document.querySelector<HTMLInputElement>('.doc-title')?.value === name, name)
  await waitForRender(page)
}

/** Open a sample from the Open menu by its id in `index.json`; it opens as a new document named `name`. */
export async function openSample(page: Page, id: string, name: string): Promise<void> {
  await page.click('.open-menu > .button')
  await page.click(`[data-sample="${id}"]`)
  await waitForDocument(page, name)
}

/** What `installPaintedFrames` gives the page. */
export interface PaintedFrames {
  /** Runs `read` in each frame from the next on, until it returns true. */
  eachPaintedFrame: (read: () => boolean) => void
}

/**
 * Give the page `eachPaintedFrame(read)`, for tests of what a frame
 * painted: `read` runs where a ResizeObserver's callback runs, after the
 * frame's animation-frame callbacks (Monaco renders in them) and layout,
 * before its paint. A task after the frame could come after the next
 * task too, which may have changed the page since. A probe resized in
 * every frame makes the callback run in each.
 */
export async function installPaintedFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(window as unknown as PaintedFrames).eachPaintedFrame = (read) => {
      const probe = document.body.appendChild(document.createElement('div'))
      probe.style.cssText = 'position: fixed; left: 0; top: 0; height: 1px; visibility: hidden'
      let frames = 0
      const observer = new ResizeObserver(() => {
        frames++
        if (!read()) return
        observer.disconnect()
        probe.remove()
      })
      observer.observe(probe)
      const resize = () => {
        if (!probe.isConnected) return
        probe.style.width = `${1 + (frames % 2)}px`
        requestAnimationFrame(resize)
      }
      requestAnimationFrame(resize)
    }
  })
}
