/**
 * The functional limit: any input up to 100 KB renders in the CLI in
 * under 5 s, delimiter runs that made the parser quadratic included, and
 * nesting past the parser's bounds fails in one clear line. The CLI runs the
 * pipeline and the HTML writer as tests/workers/hostile.test.ts does, which
 * holds every run to this budget; here each refusal, and the runs that cost
 * the most there, go through a real process, start-up included, held to the
 * CPU time it took from start to exit: its wall time on an idle machine, and
 * free of the other test files beside it.
 */
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {cliBudgetMs as budgetMs, delimiterRuns} from '../fixtures/hostile.ts'
import {runCliForCpu} from './run-cli.ts'

/** The refusals, and the runs whose render took the most CPU time in Node. */
const heaviest = new Set(['inline-math-runs', 'emphasis-runs', 'tilde-runs'])
const checked = delimiterRuns.filter((input) => input.outcome === 'fails' || heaviest.has(input.name))
let temp: string

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'offthread-runs-'))
})

afterAll(async () => {
  await rm(temp, {recursive: true, force: true})
})

// Concurrent: each run is its own process, held to its own CPU time.
describe.concurrent('npm run render on 100 KB of delimiter runs', () => {
  test('should name runs that exist', () => expect(checked).toHaveLength(heaviest.size + 2))
  for (const input of checked) {
    test(`should ${input.outcome === 'renders' ? 'render' : 'refuse'} ${input.why} within ${budgetMs / 1000} s (${input.name})`, async () => {
      const file = join(temp, `${input.name}.md`)
      const markdown = input.markdown(100_000)
      expect(markdown.length).toBeGreaterThanOrEqual(99_000)
      await writeFile(file, markdown)
      const started = performance.now()
      const {code, stdout, stderr, cpuMs} = await runCliForCpu(['--fragment', file])
      console.log(`${input.name}: ${Math.round(cpuMs)} ms of CPU, ${Math.round(performance.now() - started)} ms from spawn to exit`)
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
      expect(cpuMs).toBeLessThan(budgetMs)
    }, 60_000)
  }
})
