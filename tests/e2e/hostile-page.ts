/**
 * The page the hostile-markdown tests (hostile.test.ts) drive: the app's
 * build served, one page in the shared Chromium with its requests, errors
 * and long frames recorded, already past its startup work, and what the
 * tests do with it.
 */
import lzString from 'lz-string'
import type {Browser, Page} from 'playwright-core'
import {previewRoot, waitForEditor, waitForRender} from './app-helpers.ts'
import {appBuild, collectErrors, connectChromium, guardNetwork, serve, type NetworkLog, type Served} from './browser.ts'
import {framePhase, observeLongFrames, takeLongFrames, waitForWarmUp} from './long-frames.ts'
import {traceMainThread} from './main-thread.ts'

/** The watchdog's limit, as `src/render/client.ts` sets it. */
export const watchdogMs = 10_000

/**
 * The most work the app may give the main thread in one task while a
 * hostile document opens and renders: input waits at most one task, so this
 * bound is what "the main thread is never blocked" asks of the app. It is
 * held to CPU time from a Chromium trace (`main-thread.ts`), each task's and
 * each long frame's (its tasks together, rendering included), because on a
 * shared machine a task's wall time also counts the wait for a core that
 * the render worker holds. The long animation frames' wall-clock figures
 * are printed beside it for each phase (see `long-frames.ts`); why each
 * bound is what it is, with the figures, is in docs/performance.md.
 */
export const taskCpuMs = 50

/** A freeze: wall time no frame may reach, however busy the machine. */
export const freezeMs = 1000

/** The app in a page, and what the tests do with it. */
export class HostilePage {
  private constructor(
    readonly page: Page,
    /** What the page requested. */
    readonly network: NetworkLog,
    /** What the page logged as errors. */
    readonly errors: string[],
    private readonly browser: Browser,
    private readonly served: Served,
  ) {}

  /**
   * Open the app, wait for its startup work, then open a first document
   * through a link: each input is measured against the app in use, since
   * the page's first switch of document runs the editor's switch cold, for
   * any input.
   */
  static async open(): Promise<HostilePage> {
    const served = await serve(appBuild().outDir)
    const browser = await connectChromium()
    const context = await browser.newContext({viewport: {width: 1400, height: 900}})
    const page = await context.newPage()
    const app = new HostilePage(page, guardNetwork(page), collectErrors(page), browser, served)
    await observeLongFrames(page)
    await page.goto(served.url)
    await waitForEditor(page)
    await waitForRender(page)
    await waitForWarmUp(page)
    await app.openShared('# A first document\n\nOpened through a link.\n')
    await app.settled(watchdogMs)
    return app
  }

  async close(): Promise<void> {
    await this.browser.close()
    await this.served.close()
  }

  /** Open `markdown` as a new document through a share link, without reloading the page. */
  async openShared(markdown: string): Promise<void> {
    const before = await this.page.inputValue('.doc-title')
    await this.page.evaluate((hash) => (location.hash = hash), `md=${lzString.compressToEncodedURIComponent(markdown)}`)
    await this.page.waitForFunction((before) => document.querySelector<HTMLInputElement>('.doc-title')?.value !== before, before)
  }

  /**
   * Replace the editor's text by pasting `text`, as a user would. The paste
   * carries its own data: the system clipboard is the browser's, shared with
   * the test files running beside this one, and typing this much is too slow.
   */
  async pasteIntoEditor(text: string): Promise<void> {
    await this.page.click('.monaco-editor .view-lines')
    await this.page.keyboard.press('Control+A')
    await this.page.evaluate((text) => {
      const clipboardData = new DataTransfer()
      clipboardData.setData('text/plain', text)
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', {clipboardData, bubbles: true, cancelable: true}))
    }, text)
  }

  /**
   * Record, from now on, each new count of the elements `query` finds in the
   * preview; returns what reads the counts above zero.
   */
  async watchCount(query: string): Promise<() => Promise<number[]>> {
    await this.page.evaluate(
      ({selector, query}) => {
        const counts: number[] = ((window as unknown as {mountCounts: number[]}).mountCounts = [])
        const root = document.querySelector(selector)!
        new MutationObserver(() => {
          const count = root.querySelectorAll(query).length
          if (count !== counts.at(-1)) counts.push(count)
        }).observe(root, {childList: true, subtree: true})
      },
      {selector: previewRoot, query},
    )
    return async () => (await this.page.evaluate(() => (window as unknown as {mountCounts: number[]}).mountCounts)).filter((count) => count > 0)
  }

  /** Wait until the preview is idle or shows an error; returns the state. */
  async settled(timeout: number): Promise<string> {
    const state = (selector: string) => ['idle', 'error'].includes(document.querySelector(selector)?.getAttribute('data-render-state') ?? '')
    await this.page.waitForFunction(state, previewRoot, {timeout, polling: 100})
    return (await this.page.getAttribute(previewRoot, 'data-render-state'))!
  }

  /** Start tracing the page's main-thread tasks; the function returned stops and reads them. */
  traceTasks(): ReturnType<typeof traceMainThread> {
    return traceMainThread(this.browser, this.page)
  }

  /** Open `markdown` and wait for its render; the main thread's tasks and long frames of each phase. */
  async measureRender(markdown: string) {
    const stopTrace = await this.traceTasks()
    const start = await takeLongFrames(this.page)
    await this.openShared(markdown)
    // Opening a document (decompressing the link, Monaco taking in the
    // text) is not rendering: the rendering phase starts once the editor
    // has it.
    const openingFrames = await takeLongFrames(this.page)
    const state = await this.settled(watchdogMs + 20_000)
    const renderingFrames = await takeLongFrames(this.page)
    const tasks = await stopTrace()
    return {state, opening: framePhase(openingFrames, tasks, start.at), rendering: framePhase(renderingFrames, tasks, openingFrames.at)}
  }
}
