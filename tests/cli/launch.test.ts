/**
 * `npm run render` runs the CLI from a bundle in `.cli/` (cli/launch.js):
 * kept while its sources are unchanged, made again once one changes.
 */
import {readFile, stat, utimes} from 'node:fs/promises'
import path from 'node:path'
import {expect, test} from 'vitest'
import {root, runCli} from './run-cli.ts'

/** The entry of the current bundle. */
async function currentEntry(): Promise<string> {
  const {entry} = JSON.parse(await readFile(path.join(root, '.cli', 'current.json'), 'utf8')) as {entry: string}
  await stat(path.join(root, '.cli', entry))
  return entry
}

/** Render `*hi*` through the CLI; its fragment. */
async function render(): Promise<string> {
  const {code, stdout} = await runCli(['-', '--fragment'], '*hi*')
  expect(code).toBe(0)
  return stdout
}

test('should keep the bundle while the sources are unchanged, and bundle again once one changes', async () => {
  expect(await render()).toContain('<em>hi</em>')
  const first = await currentEntry()
  expect(await render()).toContain('<em>hi</em>')
  expect(await currentEntry()).toBe(first)
  // A source saved now is newer than the bundle.
  const source = path.join(root, 'cli', 'args.ts')
  const now = new Date()
  await utimes(source, now, now)
  expect(await render()).toContain('<em>hi</em>')
  expect(await currentEntry()).not.toBe(first)
}, 60_000)
