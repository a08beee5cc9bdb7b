/** Run the CLI as a real process, the way `npm run render` does (`cli/launch.js`). */
import {spawn} from 'node:child_process'
import {mkdtemp, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

/** The repository root, where the CLI runs and fixture paths start. */
export const root = fileURLToPath(new URL('../../', import.meta.url))

/** What the process printed and how it ended. */
export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Run the CLI with `args`, feeding `stdin` (empty when not given), with `env` added to the environment. */
export function runCli(args: string[], stdin: string | Uint8Array = '', env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    // `node cli/launch.js` rather than `npm run render`: no npm in between, so it starts faster.
    const child = spawn(process.execPath, [...nodeArgs, 'cli/launch.js', ...args], {cwd: root, env: {...process.env, ...env}})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, stdout, stderr}))
    child.stdin.end(stdin)
  })
}

/**
 * Run the CLI as `runCli` does, and read the CPU time the process took, all
 * its threads, start-up included (`report-cpu.mjs`): on an idle machine its
 * wall time, and unlike that, not lengthened by other processes on a busy one.
 */
export async function runCliForCpu(args: string[]): Promise<CliResult & {cpuMs: number}> {
  const folder = await mkdtemp(path.join(tmpdir(), 'offthread-cpu-'))
  try {
    const report = path.join(folder, 'cpu-ms')
    const result = await runCli(args, '', {OFFTHREAD_CPU_REPORT: report}, ['--import', new URL('./report-cpu.mjs', import.meta.url).href])
    return {...result, cpuMs: Number(await readFile(report, 'utf8'))}
  } finally {
    await rm(folder, {recursive: true, force: true})
  }
}
