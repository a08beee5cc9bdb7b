/**
 * What axe-core finds in each view, in the light and the dark theme: the
 * feature tour in the editor with its outline and a menu open, a reply with
 * a task list in the Chat view, and the Benchmark view. Nothing, but for
 * Monaco's dimmed number of the line after the last line ending, which is
 * decoration (`renderFinalNewline: 'dimmed'`).
 */
import {readFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import type {Page} from 'playwright-core'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {openSample, previewRoot, waitForEditor} from './app-helpers.ts'
import {openAppPage, type AppPage} from './app-page.ts'
import {finished} from './chat-page.ts'

let app: AppPage
let page: Page
let axeSource: string

beforeAll(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  app = await openAppPage()
  page = app.page
  await page.goto(app.served.url)
  await waitForEditor(page)
})

afterAll(async () => {
  await app?.close()
})

interface Finding {
  rule: string
  targets: string[]
}

/** Axe's violations on the page as it is, in both themes; the page keeps the theme it had. */
async function violations(): Promise<Record<string, Finding[]>> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const found: Record<string, Finding[]> = {}
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({colorScheme})
    const results = await page.evaluate(async () => {
      const axe = (
        window as unknown as {axe: {run: (context: Document, options: object) => Promise<{violations: Array<{id: string; nodes: Array<{target: string[]}>}>}>}}
      ).axe
      const {violations} = await axe.run(document, {resultTypes: ['violations']})
      return violations.map(({id, nodes}) => ({rule: id, targets: nodes.map(({target}) => target.join(' '))}))
    })
    found[colorScheme] = results
      .map(({rule, targets}) => ({rule, targets: targets.filter((target) => !(rule === 'color-contrast' && target.endsWith('.dimmed-line-number')))}))
      .filter(({targets}) => targets.length > 0)
  }
  await page.emulateMedia({colorScheme: 'light'})
  return found
}

const none = {light: [], dark: []}

it('should find nothing in the editor, its outline and a menu, with the feature tour open', async () => {
  await openSample(page, 'feature-tour', 'Feature tour')
  await page.waitForSelector(`${previewRoot} .task-list-item input`)
  await page.click('.outline-button')
  await page.click('.outline-link:text-is("Math")')
  await page.click('.doc-menu > .button')
  expect(await violations()).toEqual(none)
  await page.keyboard.press('Escape')
})

it('should find nothing in the Chat view, with a reply that holds a task list', async () => {
  await page.click('.view-tab:has-text("Chat")')
  await page.fill('textarea[aria-label="Message"]', 'Make a checklist')
  await page.press('textarea[aria-label="Message"]', 'Enter')
  await page.waitForSelector(finished(), {timeout: 60_000})
  expect(await page.locator('[data-role="assistant"] .task-list-item input').count()).toBeGreaterThan(0)
  expect(await violations()).toEqual(none)
})

it('should find nothing in the Benchmark view', async () => {
  await page.click('.view-tab:has-text("Benchmark")')
  await page.waitForSelector('button:has-text("Run benchmark")')
  expect(await violations()).toEqual(none)
})
