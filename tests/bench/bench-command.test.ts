import {execFile} from 'node:child_process'
import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import {afterAll, expect, it} from 'vitest'
import {modes, scenarios, type BenchResults} from '../../src/bench/types.ts'
import {root} from '../e2e/browser.ts'

const run = promisify(execFile)
let out: string | undefined

afterAll(async () => {
  if (out) await rm(out, {recursive: true, force: true})
})

/** Every figure of a run, as a path into `figures`. */
const figurePaths = [
  'firstScreenMs', 'completeMs', 'updates', 'renderMs', 'durationMs', 'stages',
  'mainThread.totalMs', 'mainThread.meanMs', 'mainThread.maxMs',
  'longTasks.count', 'longTasks.totalMs', 'longTasks.longestMs',
  'frames.frames', 'frames.dropped', 'frames.longestGapMs',
  'input.keystrokes', 'input.p50Ms', 'input.p95Ms', 'input.maxMs', 'input.caughtUpMs',
  'stream.chunks', 'stream.chunkChars', 'stream.chunksPerSecond', 'stream.p95LagMs', 'stream.maxLagMs',
  'heap.beforeBytes', 'heap.peakBytes', 'heap.afterBytes',
]
const stagePaths = ['parse', 'toHast', 'sanitize', 'katex', 'shiki', 'other', 'transfer']

it('should run the bench command end to end on the smallest size and write valid JSON with every figure', async () => {
  out = await mkdtemp(path.join(tmpdir(), 'offthread-bench-'))
  // Few keystrokes and chunks: this checks the command, not the figures.
  const {stdout, stderr} = await run('npx', ['tsx', 'scripts/bench.ts', '--sizes', '10k', '--keystrokes', '5', '--chunk', '1000', '--out', out], {
    cwd: root,
    timeout: 240_000,
    maxBuffer: 16 * 1024 * 1024,
  })
  expect(stdout).toMatch(/\| 10 KB +\| Offthread +\|/)
  expect(stdout).toMatch(/÷ react-markdown/)
  // Every mode renders without an error in the page (the main-thread mode
  // runs the pipeline in the page, sharing its frozen caches).
  expect(stderr).not.toContain('The page logged errors')

  const files = (await readdir(out)).filter((file) => file.endsWith('.json'))
  expect(files).toHaveLength(1)
  const results = JSON.parse(await readFile(path.join(out, files[0]!), 'utf8')) as BenchResults & {machine: unknown}
  expect(results).toMatchObject({tool: 'offthread-bench', version: 1, cancelled: false})
  expect(results.machine).toBeTruthy()
  expect(results.idle.frames).toBeGreaterThan(0)
  expect(results.runs).toHaveLength(modes.length * scenarios.length)
  for (const {id: mode} of modes) {
    for (const {id: scenario} of scenarios) {
      const found = results.runs.find((item) => item.mode === mode && item.scenario === scenario)
      expect(found, `${mode} · ${scenario}`).toBeDefined()
      const {figures, error, timeline} = found!
      expect(error, `${mode} · ${scenario}`).toBeUndefined()
      for (const key of figurePaths) expect(figures, `${mode} · ${scenario}: ${key}`).toHaveProperty(key)
      if (mode === 'react-markdown') expect(figures.stages).toBeNull()
      else for (const key of stagePaths) expect(figures.stages, `${mode} · ${scenario}: stages.${key}`).toHaveProperty(key)
      expect(figures.completeMs).toEqual(expect.any(Number))
      expect(figures.frames.frames).toBeGreaterThan(0)
      expect(timeline.length).toBeGreaterThan(0)
      if (scenario === 'type') expect(figures.input.p95Ms).toEqual(expect.any(Number))
      if (scenario === 'stream') expect(figures.stream.maxLagMs).toEqual(expect.any(Number))
    }
  }
}, 300_000)
