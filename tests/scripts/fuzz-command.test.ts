/** `npm run fuzz`: it runs its documents and says how many mismatched, and a usage error says what is wrong. */
import {execFile} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {promisify} from 'node:util'
import {describe, expect, it} from 'vitest'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))

/** Run the fuzzer with `args`: its output, and its exit status. */
async function fuzz(args: string[]): Promise<{stdout: string; stderr: string; code: number}> {
  try {
    const {stdout, stderr} = await run('npx', ['tsx', 'scripts/fuzz-session.ts', ...args], {cwd: root, timeout: 60_000})
    return {stdout, stderr, code: 0}
  } catch (error) {
    const {stdout = '', stderr = '', code} = error as {stdout?: string; stderr?: string; code?: number}
    return {stdout, stderr, code: code ?? -1}
  }
}

describe('npm run fuzz', () => {
  it('should stream its documents through sessions and count the mismatches', async () => {
    const {stdout, code} = await fuzz(['--docs', '3', '--seed', '7', '--heal'])
    expect(stdout.trim()).toBe('3 documents (streamed, healed, html, seed 7): 0 mismatches')
    expect(code).toBe(0)
  })

  it('should say what is wrong with its options, show its usage and exit with status 2', async () => {
    const {stderr, code} = await fuzz(['--docs', 'many'])
    expect(stderr).toMatch(/^--docs takes a whole number, not "many"\n\nUsage: npm run fuzz/)
    expect(code).toBe(2)
    const unknown = await fuzz(['--chunks', '4'])
    expect(unknown.stderr).toMatch(/Unknown option '--chunks'[\s\S]*Usage: npm run fuzz/)
    expect(unknown.code).toBe(2)
  })
})
