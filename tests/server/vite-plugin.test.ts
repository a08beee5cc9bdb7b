import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {createServer, preview} from 'vite'
import {chatServerPlugin} from '../../server/vite-plugin.ts'
import {chatBody, parseUIMessageStream, postChat} from './chat-helpers.ts'

const saved = {...process.env}
let root: string

beforeAll(async () => {
  // The plugin reads the same variables as `npm start`: the replay model, fast.
  delete process.env.OPENAI_BASE_URL
  process.env.CHAT_REPLAY_TPS = '0'
  root = await mkdtemp(path.join(tmpdir(), 'offthread-vite-'))
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>t</title>')
})

afterAll(async () => {
  process.env = saved
  await rm(root, {recursive: true, force: true})
})

const origin = (address: AddressInfo | string | null | undefined) => {
  if (!address || typeof address === 'string') throw new Error('Expected a TCP address')
  return `http://127.0.0.1:${address.port}`
}

async function expectReplay(url: string) {
  const response = await postChat(url, chatBody('hi'))
  expect(response.status).toBe(200)
  expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1')
  const stream = parseUIMessageStream(await response.text())
  expect(stream.done).toBe(true)
  expect(stream.text).toMatch(/^\*Offline demo model/)
  const bad = await postChat(url, '{')
  expect(bad.status).toBe(400)
}

describe('the Vite plugin', () => {
  test('should mount the chat handler in the dev server', async () => {
    const server = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [chatServerPlugin()],
      server: {host: '127.0.0.1', port: 0, strictPort: true, ws: false},
      optimizeDeps: {noDiscovery: true, include: []},
    })
    await server.listen()
    try {
      await expectReplay(origin(server.httpServer?.address()))
    } finally {
      await server.close()
    }
  })

  test('should mount the chat handler in the preview server', async () => {
    const server = await preview({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [chatServerPlugin()],
      build: {outDir: root},
      preview: {host: '127.0.0.1', port: 0, strictPort: true, open: false},
    })
    try {
      await expectReplay(origin(server.httpServer.address()))
    } finally {
      await server.close()
    }
  })

  test('should refuse to serve an endpoint beyond loopback without a token, as npm start does', async () => {
    process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1'
    try {
      const starting = preview({
        configFile: false,
        root,
        logLevel: 'silent',
        plugins: [chatServerPlugin()],
        build: {outDir: root},
        preview: {host: '0.0.0.0', port: 0, strictPort: true, open: false},
      })
      await expect(starting).rejects.toThrow(/Refusing to start: HOST=0\.0\.0\.0/)
    } finally {
      delete process.env.OPENAI_BASE_URL
    }
  })
})
