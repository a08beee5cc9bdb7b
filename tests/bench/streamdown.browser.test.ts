/**
 * The benchmark's Streamdown mode in Chromium, from a production build:
 * on a generated reply it shows what Offthread's pipeline renders (as many
 * headings, code blocks, tables, formulas and footnotes), highlighted,
 * with nothing fetched from outside this machine.
 */
import {rm} from 'node:fs/promises'
import type {Element, Root} from 'hast'
import type {Browser, Page} from 'playwright-core'
import {visit} from 'unist-util-visit'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {generateReply} from '../../shared/gen-reply.ts'
import {markdownToHast} from '../../workers/pipeline.ts'
import {buildApp, collectErrors, guardNetwork, connectChromium, serve, type BuildResult, type NetworkLog, type Served} from '../e2e/browser.ts'
import type {Shown} from './streamdown-harness.tsx'

let build: BuildResult
let served: Served
let browser: Browser
let page: Page
let network: NetworkLog
let errors: string[]

beforeAll(async () => {
  build = await buildApp({input: 'tests/bench/streamdown.html'})
  served = await serve(build.outDir)
  browser = await connectChromium()
  page = await browser.newPage()
  network = guardNetwork(page)
  errors = collectErrors(page)
  await page.goto(`${served.url}/tests/bench/streamdown.html`)
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await served?.close()
  if (build) await rm(build.outDir, {recursive: true, force: true})
})

/** What Offthread's pipeline renders from `markdown`, counted as the harness counts the page. */
function countHast(tree: Root): Omit<Shown, 'highlighted'> {
  const shown = {headings: 0, code: 0, tables: 0, math: 0, footnotes: 0}
  visit(tree, 'element', (node: Element, _, parent) => {
    const classes = String(node.properties.className ?? '').split(/[ ,]/)
    if (/^h[1-6]$/.test(node.tagName)) shown.headings++
    if (node.tagName === 'pre') shown.code++
    if (node.tagName === 'table') shown.tables++
    if (node.tagName === 'span' && classes.includes('katex')) shown.math++
    if (node.tagName === 'li' && parent?.type === 'element' && (parent as Element).tagName === 'ol' && String(node.properties.id ?? '').includes('fn-'))
      shown.footnotes++
  })
  return shown
}

it('should render a reply with as many headings, code blocks, tables, formulas and footnotes as Offthread', async () => {
  const markdown = generateReply(12_000, 3, {footnotes: true})
  const expected = countHast((await markdownToHast(markdown)).hast)
  expect(expected.code).toBeGreaterThan(0)
  expect(expected.footnotes).toBeGreaterThan(0)
  const shown = await page.evaluate((text) => window.renderStreamdown(text), markdown)
  expect(shown).toMatchObject(expected)
  expect(shown.highlighted).toBe(shown.code)
  expect(network.external()).toEqual([])
  expect(errors).toEqual([])
}, 120_000)
