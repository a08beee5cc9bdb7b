/**
 * The functional limit: any input up to 100 KB renders in the CLI in
 * under 5 s, delimiter runs that made the parser quadratic included, and
 * nesting past the parser's bounds fails in one clear line. Each run is a
 * real process, timed from spawn to exit (start-up included).
 */
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {delimiterRuns} from '../fixtures/hostile.ts'
import {runCli} from './run-cli.ts'

const budgetMs = 5_000
let temp: string

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'offthread-runs-'))
})

afterAll(async () => {
  await rm(temp, {recursive: true, force: true})
})

describe('npm run render on 100 KB of delimiter runs', () => {
  for (const input of delimiterRuns) {
    test(`should ${input.outcome === 'renders' ? 'render' : 'refuse'} ${input.why} within ${budgetMs / 1000} s (${input.name})`, async () => {
      const file = join(temp, `${input.name}.md`)
      const markdown = input.markdown(100_000)
      expect(markdown.length).toBeGreaterThanOrEqual(99_000)
      await writeFile(file, markdown)
      const started = performance.now()
      const {code, stdout, stderr} = await runCli(['--fragment', file])
      const ms = performance.now() - started
      console.log(`${input.name}: ${Math.round(ms)} ms`)
      if (input.outcome === 'renders') {
        // Content problems (a formula KaTeX rejects) may be reported; a crash may not.
        expect(stderr).not.toMatch(/^\s+at /m)
        expect(code).toBe(0)
        expect(stdout).toMatch(/^<(p|div) /)
      } else {
        expect(code).toBe(1)
        expect(stdout).toBe('')
        expect(stderr).toMatch(/^render: .+: Could not render: the document nests too deeply \(.+ more than 100 levels deep\)\n$/)
      }
      expect(ms).toBeLessThan(budgetMs)
    }, 60_000)
  }
})
