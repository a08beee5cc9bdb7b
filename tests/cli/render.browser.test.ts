/**
 * Open the CLI's document in a real browser, offline: every byte it needs must
 * be inside the file. Screenshots land in scratch/ (git-ignored) for review.
 */
import {existsSync} from 'node:fs'
import {copyFile, mkdir, mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {connectChromium} from '../e2e/browser.ts'
import {root, runCli} from './run-cli.ts'

let temp: string
let url: string
let browser: Browser
const requests: string[] = []

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'offthread-browser-'))
  const out = join(temp, 'features.html')
  const {code, stderr} = await runCli(['--out', out, 'tests/fixtures/features.md'])
  expect(code, stderr).toBe(0)
  // The fixture's one image is relative, so it resolves next to the document.
  await copyFile(join(root, 'tests/fixtures/logo.svg'), join(temp, 'logo.svg'))
  url = pathToFileURL(out).href
  browser = await connectChromium()
})

afterAll(async () => {
  await browser?.close()
  await rm(temp, {recursive: true, force: true})
})

async function open(colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await browser.newPage({colorScheme, viewport: {width: 1000, height: 800}})
  page.on('request', (request) => requests.push(request.url()))
  await page.goto(url)
  await page.evaluate(() => document.fonts.ready)
  return page
}

/** Computed color of the first highlighted `const` keyword. */
function keywordColor(page: Page): Promise<string> {
  return page.evaluate(() => {
    const token = [...document.querySelectorAll('pre.shiki span[style]')].find((span) => span.textContent === 'const')
    if (!token) throw new Error('Expected a highlighted `const` token')
    return getComputedStyle(token).color
  })
}

describe.skipIf(!existsSync('/usr/bin/chromium'))('rendered document in Chromium', () => {
  test('should load nothing but the file itself and data: URLs', async () => {
    const page = await open('light')
    await page.close()
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.filter((address) => !/^(file|data):/.test(address))).toEqual([])
  })

  test('should load the inlined KaTeX fonts', async () => {
    const page = await open('light')
    const fonts = await page.evaluate(() => ({
      loaded: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
      main: document.fonts.check('16px KaTeX_Main'),
      math: document.fonts.check('italic 16px KaTeX_Math'),
    }))
    await page.close()
    expect(fonts.loaded).toContain('KaTeX_Main')
    expect(fonts.loaded).toContain('KaTeX_Math')
    expect(fonts.main).toBe(true)
    expect(fonts.math).toBe(true)
  })

  test('should switch code colors with the color scheme, without re-rendering', async () => {
    const light = await open('light')
    const dark = await open('dark')
    // github-light-default and github-dark-default keyword colors (#CF222E, #FF7B72).
    expect(await keywordColor(light)).toBe('rgb(207, 34, 46)')
    expect(await keywordColor(dark)).toBe('rgb(255, 123, 114)')
    const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(await background(light)).not.toBe(await background(dark))

    // The app's theme switch: `data-theme` on <html> beats the system setting.
    await light.evaluate(() => (document.documentElement.dataset.theme = 'dark'))
    await dark.evaluate(() => (document.documentElement.dataset.theme = 'light'))
    expect(await keywordColor(light)).toBe('rgb(255, 123, 114)')
    expect(await keywordColor(dark)).toBe('rgb(207, 34, 46)')
    await light.close()
    await dark.close()
  })

  test('should render every feature visibly in light and dark (screenshots)', async () => {
    await mkdir(join(root, 'scratch'), {recursive: true})
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open(colorScheme)
      await page.evaluate(() => {
        for (const details of document.querySelectorAll('details')) details.open = true
      })
      const errors = await page.evaluate(() => document.querySelectorAll('.katex-error').length)
      expect(errors).toBe(1)
      // A visible image means the relative `src` resolved next to the document.
      expect(await page.evaluate(() => document.querySelector('img')?.naturalWidth)).toBeGreaterThan(0)
      await page.screenshot({path: join(root, `scratch/render-${colorScheme}.png`), fullPage: true})
      await page.close()
    }
  })
})
