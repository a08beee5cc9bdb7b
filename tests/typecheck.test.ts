/**
 * Every tsconfig project type-checks (`tsc -b`, as `npm run typecheck`).
 * It runs as a test so that it shares the machine with the others.
 */
import {execFile} from 'node:child_process'
import {createRequire} from 'node:module'
import path from 'node:path'
import {promisify} from 'node:util'
import {expect, it} from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')

it('should type-check every project (tsc -b)', async () => {
  const result = await promisify(execFile)(process.execPath, [tsc, '-b'], {cwd: root, maxBuffer: 16 * 1024 * 1024}).catch(
    (error: {stdout: string; code: number}) => error,
  )
  expect(result.stdout, 'tsc -b reported errors').toBe('')
}, 300_000)
