/**
 * The hostile corpus in the pipeline and in render sessions: each input
 * renders, or fails with a clear error, within the watchdog's bound; the
 * session's output equals the full render's. Inputs that run past the bound
 * (`stopped`) are the app's watchdog's business (tests/e2e/hostile.test.ts).
 */
import {spawn} from 'node:child_process'
import {createInterface} from 'node:readline'
import {fileURLToPath} from 'node:url'
import {beforeAll, describe, expect, test} from 'vitest'
import {cliBudgetMs, delimiterRuns, hostileInputs} from '../fixtures/hostile.ts'
import type {HostileLine, HostileRun} from './hostile-runner.ts'

/**
 * The app's watchdog limit (src/render/client.ts `renderTimeoutMs`): every
 * render here must end well within it. Held to the CPU time the render
 * took, which is its wall time on an idle machine: the suite runs other
 * files beside this one.
 */
const boundMs = 10_000

interface Report {
  full?: HostileRun
  session?: HostileRun
  same?: boolean
}

/**
 * Run the inputs in one child process, in order; the report of each settles
 * once both its renders are in, or the process ended. The process is killed
 * if one render outlasts the bound four times over (in wall time, on a busy
 * machine).
 */
function runHostile(names: string[]): (name: string) => Promise<Report> {
  const runner = fileURLToPath(new URL('./hostile-runner.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', runner, ...names], {stdio: ['ignore', 'pipe', 'inherit']})
  const reports = new Map(names.map((name) => [name, settleable<Report>({})]))
  const timer = setTimeout(() => child.kill('SIGKILL'), 4 * boundMs)
  createInterface({input: child.stdout}).on('line', (text) => {
    timer.refresh()
    const line = JSON.parse(text) as HostileLine
    const report = reports.get(line.name)!
    report.value[line.kind] = line.run
    if (line.kind === 'session') report.settle({...report.value, same: line.same})
  })
  child.on('close', () => {
    clearTimeout(timer)
    for (const report of reports.values()) report.settle(report.value)
  })
  return (name) => reports.get(name)!.settled
}

/** A value filled in bit by bit, and a promise of it that settles once. */
function settleable<T>(value: T) {
  let settle!: (value: T) => void
  const settled = new Promise<T>((resolve) => (settle = resolve))
  return {value, settled, settle}
}

const inputs = hostileInputs.filter(({outcome}) => outcome !== 'stopped')
/** The delimiter runs: their full render, parse to HTML as the CLI does it, is held to the CLI's budget. */
const runNames = new Set(delimiterRuns.map(({name}) => name))
let reportOf: (name: string) => Promise<Report>

beforeAll(() => {
  reportOf = runHostile(inputs.map(({name}) => name))
})

describe('hostile markdown', () => {
  for (const input of inputs) {
    test(`should ${input.outcome === 'renders' ? 'render' : 'fail cleanly on'} ${input.why} (${input.name})`, async () => {
      const {full, session, same} = await reportOf(input.name)
      expect(full, 'the full render did not end').toBeDefined()
      expect(session, 'the session did not end').toBeDefined()
      const figures = (run: HostileRun) => `${Math.round(run.ms)} ms (CPU ${Math.round(run.cpuMs)} ms)`
      console.log(`${input.name}: full ${figures(full!)}, session ${figures(session!)}${full!.error ? ` (${full!.error})` : ''}`)
      expect(full!.cpuMs).toBeLessThan(runNames.has(input.name) ? cliBudgetMs : boundMs)
      expect(session!.cpuMs).toBeLessThan(boundMs)
      if (input.outcome === 'renders') {
        expect(full!.error).toBeUndefined()
        expect(same).toBe(true)
      } else {
        expect(full!.error).toMatch(/^RangeError: Could not render: the document nests too deeply/)
        expect(session!.error).toBe(full!.error)
      }
    })
  }
})
