/**
 * The CLI draws mermaid diagrams as Export HTML does: in both themes, through
 * the same frames and sanitizer, in headless Chromium; a diagram it cannot
 * draw stays code with a line on stderr. The document is then opened in
 * Chromium, offline. Screenshots land in scratch/ (git-ignored) for review.
 */
import {existsSync} from 'node:fs'
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {Browser} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {connectChromium} from '../e2e/browser.ts'
import {root, runCli} from './run-cli.ts'

const fence = (...lines: string[]) => ['```mermaid', ...lines, '```'].join('\n')
// Each payload would set a flag in whatever window ran it.
const set = (tag: string) => `window.__mermaidXss='${tag}'`
const markdown = [
  '# Diagrams',
  fence('flowchart LR', '  A[Write] --> B{Render}', '  B --> C[Read]'),
  fence('sequenceDiagram', '  Alice->>Bob: Hello Bob'),
  'A broken one:',
  fence('graph TD', '  A[Open --> B'),
  fence(
    '%%{init: {"securityLevel": "loose"}}%%',
    'flowchart TD',
    `  H["<img src=x onerror=${set('label')}>"] --> I["<a href='javascript:${set('link')}'>link</a>"]`,
    `  click H "javascript:${set('click')}" "A link"`,
  ),
  '```js\nconst notADiagram = true\n```',
].join('\n\n')
const brokenLine = markdown.split('\n').indexOf('graph TD')

let temp: string
let file: string
let browser: Browser

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'offthread-diagrams-'))
  file = join(temp, 'diagrams.md')
  await writeFile(file, markdown)
  browser = await connectChromium()
})

afterAll(async () => {
  await browser?.close()
  await rm(temp, {recursive: true, force: true})
})

describe.skipIf(!existsSync('/usr/bin/chromium'))('diagrams in the CLI', () => {
  test('should draw each diagram in both themes, keep the broken one as code, and run nothing', async () => {
    const out = join(temp, 'diagrams.html')
    const {code, stderr} = await runCli(['--out', out, file])
    expect(code, stderr).toBe(0)
    expect(stderr).toContain(`diagrams.md:${brokenLine}: mermaid diagram left as code:`)
    expect(stderr.trim().split('\n')).toHaveLength(1)

    const page = await browser.newPage({viewport: {width: 900, height: 800}})
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(pathToFileURL(out).href)
    const seen = await page.evaluate(() => {
      const drawn = [...document.querySelectorAll('.drawn-diagram')]
      const inside = drawn.flatMap((diagram) => [...diagram.querySelectorAll('*')])
      return {
        drawn: drawn.map((diagram) => [...diagram.children].map((theme) => `${theme.className}:${theme.querySelectorAll('svg').length}`)),
        labels: drawn.map((diagram) => diagram.querySelector('.drawn-diagram-light')?.textContent ?? ''),
        code: [...document.querySelectorAll('pre[data-language]')].map((pre) => pre.getAttribute('data-language')),
        running: inside.filter((element) => /^(script|foreignobject|iframe|object|embed)$/i.test(element.tagName)).length,
        handlers: inside.flatMap((element) => [...element.attributes].filter((attribute) => /^on/i.test(attribute.name))).length,
        scriptLinks: inside.filter((element) => /^\s*javascript:/i.test(element.getAttribute('href') ?? element.getAttribute('xlink:href') ?? '')).length,
      }
    })
    expect(seen.drawn).toEqual(Array(3).fill(['drawn-diagram-light:1', 'drawn-diagram-dark:1']))
    expect(seen.labels[0]).toContain('Render')
    expect(seen.labels[1]).toContain('Hello Bob')
    expect(seen.code).toEqual(['mermaid', 'js'])
    expect({running: seen.running, handlers: seen.handlers, scriptLinks: seen.scriptLinks}).toEqual({running: 0, handlers: 0, scriptLinks: 0})
    await page
      .locator('.drawn-diagram')
      .first()
      .screenshot({path: join(root, 'scratch/cli-diagram-light.png')})

    // The reader's colour scheme picks the theme.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({colorScheme: scheme})
      const shown = await page.$$eval('.drawn-diagram > div', (themes) =>
        themes.filter((theme) => theme.getClientRects().length > 0).map((theme) => theme.className),
      )
      expect(shown).toEqual(Array(3).fill(`drawn-diagram-${scheme}`))
    }
    await page
      .locator('.drawn-diagram')
      .first()
      .screenshot({path: join(root, 'scratch/cli-diagram-dark.png')})
    await page.click('.drawn-diagram >> nth=2', {force: true})
    expect(await page.evaluate(() => (window as {__mermaidXss?: unknown}).__mermaidXss)).toBeUndefined()
    expect(requests.filter((address) => !/^(file|data):/.test(address))).toEqual([])
    await page.close()
  })

  test('should leave diagrams as code, saying why, without a Chromium or with --no-diagrams', async () => {
    const missing = await runCli(['--fragment', file], '', {CHROMIUM_PATH: join(temp, 'no-chromium')})
    expect(missing.code, missing.stderr).toBe(0)
    expect(missing.stdout).not.toContain('drawn-diagram')
    expect(missing.stdout.match(/data-language="mermaid"/g)).toHaveLength(4)
    expect(missing.stderr.trim().split('\n')).toHaveLength(4)
    expect(missing.stderr).toContain('no Chromium at')

    const skipped = await runCli(['--fragment', '--no-diagrams', file])
    expect(skipped.code, skipped.stderr).toBe(0)
    expect(skipped.stdout.match(/data-language="mermaid"/g)).toHaveLength(4)
    expect(skipped.stderr).toBe('')
  })
})
