import {mkdir, mkdtemp, rm, utimes, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, beforeEach, describe, expect, test} from 'vitest'
import {isBuildStale} from '../../server/build.ts'

let root: string
const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000)

/** Write `file` under the root with a modification time `seconds` after a fixed instant. */
async function touch(file: string, seconds: number) {
  const full = path.join(root, file)
  await mkdir(path.dirname(full), {recursive: true})
  await writeFile(full, 'x')
  await utimes(full, at(seconds), at(seconds))
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'offthread-build-check-'))
  await touch('src/main.tsx', 0)
  await touch('workers/pipeline.ts', 0)
  await utimes(path.join(root, 'src'), at(0), at(0))
  await utimes(path.join(root, 'workers'), at(0), at(0))
})

afterEach(async () => {
  await rm(root, {recursive: true, force: true})
})

describe('npm start builds if needed', () => {
  test('should build when dist/ is missing', async () => {
    expect(await isBuildStale(root)).toBe(true)
  })

  test('should not build when the build is newer than the sources', async () => {
    await touch('dist/server/index.js', 10)
    expect(await isBuildStale(root)).toBe(false)
  })

  test('should build when a source changed after the build', async () => {
    await touch('dist/server/index.js', 10)
    await touch('workers/pipeline.ts', 20)
    expect(await isBuildStale(root)).toBe(true)
  })

  test('should build when a source was deleted after the build', async () => {
    await touch('dist/server/index.js', 10)
    await rm(path.join(root, 'src', 'main.tsx'))
    // Deleting a file touches its folder.
    expect(await isBuildStale(root)).toBe(true)
  })
})
