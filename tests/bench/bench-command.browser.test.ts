import {execFile} from 'node:child_process'
import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {chatModes, modes, scenarios, type BenchResults} from '../../src/bench/types.ts'
import {appBuild, root} from '../e2e/browser.ts'

const run = promisify(execFile)
let out: string | undefined
let dist: string | undefined
/** One run of the command, every scenario in it. */
let command: Awaited<ReturnType<typeof bench>>

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'offthread-bench-'))
  dist = appBuild().outDir
  // The smallest size, few keystrokes and chunks, one short reply at a fast
  // rate: this checks the command, not the figures.
  command = await bench([
    ...['--sizes', '10k', '--keystrokes', '5', '--chunk', '1000'],
    ...['--scenarios', 'open,type,stream,chat', '--chat-rates', '2000', '--chat-replies', '1', '--chat-seconds', '1'],
  ])
  // The command's own limit (see `bench`): on a busy machine it outlasts the default for hooks.
}, 400_000)

afterAll(async () => {
  if (out) await rm(out, {recursive: true, force: true})
})

/** Run `npm run bench` with `args` on the build; its output and the JSON it wrote. */
async function bench(args: string[]): Promise<{stdout: string; stderr: string; results: BenchResults & {machine: unknown}}> {
  const folder = await mkdtemp(path.join(out!, 'run-'))
  const {stdout, stderr} = await run('npx', ['tsx', 'scripts/bench.ts', '--dist', dist!, '--out', folder, ...args], {
    cwd: root,
    timeout: 400_000,
    maxBuffer: 16 * 1024 * 1024,
  })
  const files = (await readdir(folder)).filter((file) => file.endsWith('.json'))
  expect(files).toHaveLength(1)
  return {stdout, stderr, results: JSON.parse(await readFile(path.join(folder, files[0]!), 'utf8')) as BenchResults & {machine: unknown}}
}

/** Every figure of a run, as a path into `figures`. */
const figurePaths = [
  'firstScreenMs',
  'completeMs',
  'updates',
  'renderMs',
  'durationMs',
  'stages',
  'mainThread.totalMs',
  'mainThread.meanMs',
  'mainThread.maxMs',
  'longTasks.count',
  'longTasks.totalMs',
  'longTasks.longestMs',
  'frames.frames',
  'frames.dropped',
  'frames.longestGapMs',
  'input.keystrokes',
  'input.p50Ms',
  'input.p95Ms',
  'input.maxMs',
  'input.caughtUpMs',
  'stream.chunks',
  'stream.chunkChars',
  'stream.chunksPerSecond',
  'stream.p95LagMs',
  'stream.maxLagMs',
  'heap.beforeBytes',
  'heap.peakBytes',
  'heap.afterBytes',
]
const stagePaths = ['parse', 'toHast', 'sanitize', 'katex', 'shiki', 'other', 'transfer']

it('should run the bench command end to end on the smallest size and write valid JSON with every figure', () => {
  const {stdout, stderr, results} = command
  expect(stdout).toMatch(/\| 10 KB +\| Offthread +\|/)
  expect(stdout).toMatch(/÷ react-markdown/)
  expect(stdout).toMatch(/÷ Streamdown/)
  // Every mode renders without an error in the page (the main-thread mode
  // runs the pipeline in the page, sharing its frozen caches).
  expect(stderr).not.toContain('The page logged errors')

  expect(results).toMatchObject({tool: 'offthread-bench', version: 1, cancelled: false})
  expect(results.machine).toBeTruthy()
  expect(results.idle.frames).toBeGreaterThan(0)
  const documentScenarios = scenarios.filter(({id}) => id !== 'chat')
  expect(results.runs.filter(({scenario}) => scenario !== 'chat')).toHaveLength(modes.length * documentScenarios.length)
  for (const {id: mode} of modes) {
    for (const {id: scenario} of documentScenarios) {
      const found = results.runs.find((item) => item.mode === mode && item.scenario === scenario)
      expect(found, `${mode} · ${scenario}`).toBeDefined()
      const {figures, error, timeline} = found!
      expect(error, `${mode} · ${scenario}`).toBeUndefined()
      for (const key of figurePaths) expect(figures, `${mode} · ${scenario}: ${key}`).toHaveProperty(key)
      if (mode === 'react-markdown' || mode === 'streamdown') expect(figures.stages).toBeNull()
      else for (const key of stagePaths) expect(figures.stages, `${mode} · ${scenario}: stages.${key}`).toHaveProperty(key)
      expect(figures.completeMs).toEqual(expect.any(Number))
      expect(figures.frames.frames).toBeGreaterThan(0)
      expect(timeline.length).toBeGreaterThan(0)
      if (scenario === 'type') expect(figures.input.p95Ms).toEqual(expect.any(Number))
      if (scenario === 'stream') expect(figures.stream.maxLagMs).toEqual(expect.any(Number))
    }
  }
})

it('should run the chat scenario in every mode that renders a chat, with and without footnotes', () => {
  const {stdout, results} = command
  expect(stdout).toMatch(/\| Chat 2000 chars\/s, footnotes +\| Streamdown +\|/)
  const chats = results.runs.filter(({scenario}) => scenario === 'chat')
  expect(chats).toHaveLength(chatModes.length * 2)
  for (const {mode, document, figures, error} of chats) {
    expect(error, `${mode} · ${document.label}`).toBeUndefined()
    expect(figures.chat).toMatchObject({replies: 1, cps: 2000, chunks: expect.any(Number)})
    // Chunks of 3 to 20 characters, as a model sends them.
    expect(figures.chat!.chars).toBeGreaterThan(300)
    expect(figures.chat!.chunks).toBeGreaterThanOrEqual(figures.chat!.chars / 20)
    expect(figures.stream.p95LagMs).toEqual(expect.any(Number))
    // The command traces Chromium: CPU time is there.
    expect(figures.chat!.mainCpuMsPerSecond).toBeGreaterThan(0)
    if (mode === 'offthread') expect(figures.chat!.workerCpuMsPerSecond).toBeGreaterThan(0)
  }
})
