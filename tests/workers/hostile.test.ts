/**
 * The hostile corpus in the pipeline and in render sessions: each input
 * renders, or fails with a clear error, within the watchdog's bound; the
 * session's output equals the full render's. Inputs that run past the bound
 * (`stopped`) are the app's watchdog's business (tests/e2e/hostile.test.ts).
 */
import {spawn} from 'node:child_process'
import {createInterface} from 'node:readline'
import {fileURLToPath} from 'node:url'
import {describe, expect, test} from 'vitest'
import {hostileInputs} from '../fixtures/hostile.ts'
import type {HostileRun} from './hostile-runner.ts'

/** The app's watchdog limit (src/render/client.ts `renderTimeoutMs`): every render here must end well within it. */
const boundMs = 10_000

interface Report {
  full?: HostileRun
  session?: HostileRun
  same?: boolean
}

/** Run the input in a child process, killed after both renders' bound. */
function runHostile(name: string): Promise<Report> {
  const runner = fileURLToPath(new URL('./hostile-runner.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', runner, name], {stdio: ['ignore', 'pipe', 'inherit']})
  const report: Report = {}
  createInterface({input: child.stdout}).on('line', (line) => {
    const message = JSON.parse(line) as {kind: 'full' | 'session'; run: HostileRun; same?: boolean}
    report[message.kind] = message.run
    if (message.kind === 'session') report.same = message.same
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 2 * boundMs + 5_000)
    child.on('error', reject)
    child.on('close', () => {
      clearTimeout(timer)
      resolve(report)
    })
  })
}

describe('hostile markdown', () => {
  for (const input of hostileInputs.filter(({outcome}) => outcome !== 'stopped')) {
    test(`should ${input.outcome === 'renders' ? 'render' : 'fail cleanly on'} ${input.why} (${input.name})`, async () => {
      const {full, session, same} = await runHostile(input.name)
      expect(full, 'the full render did not end').toBeDefined()
      expect(session, 'the session did not end').toBeDefined()
      console.log(`${input.name}: full ${Math.round(full!.ms)} ms, session ${Math.round(session!.ms)} ms${full!.error ? ` (${full!.error})` : ''}`)
      expect(full!.ms).toBeLessThan(boundMs)
      expect(session!.ms).toBeLessThan(boundMs)
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
