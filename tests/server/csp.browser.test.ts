/**
 * The built app under the server's Content-Security-Policy in Chromium: every
 * feature that loads something (workers, fonts, grammars, export) must work
 * without a violation.
 */
import {readFile} from 'node:fs/promises'
import type {Browser} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {startServer, type RunningServer} from '../../server/index.ts'
import {openMarkdown} from '../e2e/app-helpers.ts'
import {appBuild, collectErrors, guardNetwork, connectChromium} from '../e2e/browser.ts'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  const build = appBuild()
  server = await startServer({distDir: build.outDir, port: 0, host: '127.0.0.1', chat: {replayTps: 0, log: () => {}}, requestLog: () => {}})
  browser = await connectChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('the Content-Security-Policy', () => {
  test('should let the whole app run without a violation', async () => {
    const page = await browser.newPage()
    const network = guardNetwork(page)
    const errors = collectErrors(page)
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, {cspViolations: seen})
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI.slice(0, 60)}`)
      })
    })
    // Math (KaTeX fonts), code in many languages (grammar chunks), an image, tables.
    const tour = await readFile(new URL('../../public/samples/feature-tour.md', import.meta.url), 'utf8')
    const code = await readFile(new URL('../../server/models/answers/code.md', import.meta.url), 'utf8')
    await openMarkdown(page, server.url, `${tour}\n\n${code}\n\n![logo](/samples/logo.svg)\n`)
    // Whatever the app offers that loads more: other views, and Export HTML,
    // which reads the inlined fonts back.
    for (const name of ['Export HTML', 'Chat', 'Benchmark', 'Editor']) {
      const control = page.getByRole('button', {name, exact: true}).or(page.getByRole('tab', {name, exact: true}))
      if ((await control.count()) === 1) {
        await control.click()
        await page.waitForTimeout(1000)
      }
    }
    expect(await page.evaluate(() => (window as unknown as {cspViolations: string[]}).cspViolations)).toEqual([])
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([])
    expect(network.external()).toEqual([])
    await page.close()
  })
})
