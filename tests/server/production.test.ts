/**
 * `npm start` after a production install: the built server runs with plain
 * Node and the `dependencies` alone. A real `npm ci --omit=dev` needs the
 * registry or a full cache and most of a minute, so the install is copied
 * instead: every package that package-lock.json does not mark `dev`,
 * hard-linked into a folder of its own, as `npm ci --omit=dev` would lay
 * them out. Node resolves packages from the folder a module sits in, so the
 * repository's node_modules (tsx, vite, patch-package) is out of reach.
 */
import {spawn, spawnSync} from 'node:child_process'
import {copyFile, mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {existsSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {buildServer} from '../../server/build.ts'
import {chatBody, parseUIMessageStream, postChat} from './chat-helpers.ts'

const root = path.resolve(import.meta.dirname, '../..')
let install: string

beforeAll(async () => {
  install = await mkdtemp(path.join(tmpdir(), 'offthread-production-'))
  for (const file of ['package.json', 'package-lock.json', 'server/start.js', 'scripts/postinstall.js']) {
    await mkdir(path.dirname(path.join(install, file)), {recursive: true})
    await copyFile(path.join(root, file), path.join(install, file))
  }
  await buildServer(root, path.join(install, 'dist', 'server'))
  await writeFile(path.join(install, 'dist', 'index.html'), '<!doctype html><title>Offthread</title>')
  const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as {packages: Record<string, {dev?: boolean}>}
  for (const [name, entry] of Object.entries(lock.packages)) {
    // Nested packages come along with the package they sit in.
    if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(name) || entry.dev || !existsSync(path.join(root, name))) continue
    await mkdir(path.dirname(path.join(install, name)), {recursive: true})
    const linked = spawnSync('cp', ['-al', path.join(root, name), path.join(install, name)])
    if (linked.status !== 0) throw new Error(`Could not link ${name}: ${linked.stderr.toString()}`)
  }
}, 180_000)

afterAll(async () => {
  if (install) await rm(install, {recursive: true, force: true})
})

describe('a production install', () => {
  test('should have none of the build tools to lean on', async () => {
    const {devDependencies} = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {devDependencies: Record<string, string>}
    for (const name of ['tsx', 'vite', 'patch-package', 'typescript', 'vitest']) {
      expect(devDependencies).toHaveProperty(name)
      expect(existsSync(path.join(install, 'node_modules', name)), name).toBe(false)
    }
  })

  test('should run its postinstall without patch-package', () => {
    const result = spawnSync(process.execPath, ['scripts/postinstall.js'], {cwd: install, encoding: 'utf8'})
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('patch-package is not installed')
  })

  test('should start with `npm start` (plain Node) and serve the app, /healthz and the chat', async () => {
    const {scripts} = JSON.parse(await readFile(path.join(install, 'package.json'), 'utf8')) as {scripts: Record<string, string>}
    expect(scripts.start).toBe('node server/start.js')
    const child = spawn(process.execPath, ['server/start.js'], {cwd: install, env: {...process.env, PORT: '0', HOST: '127.0.0.1', OPENAI_BASE_URL: ''}})
    try {
      let output = ''
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk
          const found = /Offthread on (http:\/\/\S+)/.exec(output)
          if (found) resolve(found[1]!)
        })
        child.on('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)))
      })
      const page = await fetch(`${url}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<title>Offthread</title>')
      expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({status: 'ok'})
      const stream = parseUIMessageStream(await (await postChat(url, chatBody('/help'))).text())
      expect(stream.done).toBe(true)
      expect(stream.text).toContain('demo model')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0)
  })
})
