import {spawn} from 'node:child_process'
import {request} from 'node:http'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {chatConfigFromEnv} from '../../server/chat-config.ts'
import {startServer, type RunningServer} from '../../server/index.ts'
import {chatBody, completionChunk, postChat, startChatServer, startEventStream, startFakeUpstream, type FakeUpstream} from './chat-helpers.ts'

const root = path.resolve(import.meta.dirname, '../..')
const token = 'a-long-random-team-secret'
let upstream: FakeUpstream
/** An upstream, a token: what a team server runs. */
let guarded: RunningServer
/** An upstream on loopback, no token: a developer's machine. */
let local: RunningServer

beforeAll(async () => {
  upstream = await startFakeUpstream((response) => {
    startEventStream(response)
    response.end(`${completionChunk('Hello')}${completionChunk(undefined, 'stop')}data: [DONE]\n\n`)
  })
  const chatUpstream = {baseURL: upstream.baseURL, apiKey: 'sk-upstream', model: 'fake-model', idleTimeoutMs: 5_000}
  guarded = await startChatServer({upstream: chatUpstream, token, allowedOrigins: ['https://chat.example.com']})
  local = await startChatServer({upstream: chatUpstream})
})

afterAll(async () => {
  await Promise.all([guarded?.close(), local?.close(), upstream?.close()])
})

const bearer = (value: string) => ({authorization: `Bearer ${value}`})

/** POST a chat request with `headers` (JSON content type added). */
function post(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return postChat(url, chatBody('Hi'), {headers: {'content-type': 'application/json', ...headers}})
}

/** POST with a raw `Host` header, which fetch does not let a caller set. */
function postWithHost(url: string, host: string, headers: Record<string, string> = {}): Promise<{status: number; body: string}> {
  const body = JSON.stringify(chatBody('Hi'))
  const {port} = new URL(url)
  return new Promise((resolve, reject) => {
    request({host: '127.0.0.1', port, path: '/api/chat', method: 'POST', headers: {host, 'content-type': 'application/json', ...headers}}, (response) => {
      let text = ''
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({status: response.statusCode ?? 0, body: text}))
    })
      .on('error', reject)
      .end(body)
  })
}

describe('where a chat request may come from', () => {
  test('should answer a page of its own origin', async () => {
    const response = await post(guarded.url, {origin: guarded.url, 'sec-fetch-site': 'same-origin', ...bearer(token)})
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Hello')
  })

  test('should refuse a page of another origin with 403, before the upstream is called', async () => {
    const before = upstream.requests.length
    const response = await post(guarded.url, {origin: 'https://evil.example', ...bearer(token)})
    expect(response.status).toBe(403)
    expect(((await response.json()) as {error: string}).error).toMatch(/own origin/)
    expect(upstream.requests.length).toBe(before)
  })

  test('should refuse what the browser marks cross-site, and same-site from an origin not listed', async () => {
    for (const [site, origin] of [
      ['cross-site', guarded.url],
      ['same-site', 'http://other.localhost'],
    ] as const) {
      const response = await post(guarded.url, {origin, 'sec-fetch-site': site, ...bearer(token)})
      expect(response.status, site).toBe(403)
      await response.arrayBuffer()
    }
  })

  test('should answer an origin listed in CHAT_ALLOWED_ORIGINS (a reverse proxy)', async () => {
    const response = await post(guarded.url, {origin: 'https://chat.example.com', 'sec-fetch-site': 'same-origin', ...bearer(token)})
    expect(response.status).toBe(200)
    await response.text()
  })

  test('should answer a client that is not a browser (no Origin) when it has the token', async () => {
    const response = await post(guarded.url, bearer(token))
    expect(response.status).toBe(200)
    await response.text()
  })

  test('should refuse, without a token, a request that reached loopback through another name (DNS rebinding)', async () => {
    // The page is same-origin to the server it reached: only the name differs.
    const {host, port} = new URL(local.url)
    const rebound = await postWithHost(local.url, `attacker.example:${port}`, {origin: `http://attacker.example:${port}`, 'sec-fetch-site': 'same-origin'})
    expect(rebound.status).toBe(403)
    expect(rebound.body).toContain('CHAT_ALLOWED_ORIGINS')
    expect((await postWithHost(local.url, host, {origin: local.url})).status).toBe(200)
    expect((await postWithHost(local.url, host.replace('127.0.0.1', 'localhost'))).status).toBe(200)
  })
})

describe('the chat token', () => {
  test('should answer 401 with a Bearer challenge when the token is missing', async () => {
    const response = await post(guarded.url, {origin: guarded.url})
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /)
    expect(await response.json()).toEqual({error: 'The chat server needs its access token.'})
  })

  test('should answer 401 when the token is wrong, and never echo it', async () => {
    for (const wrong of ['nope', `${token}x`, token.slice(0, -1)]) {
      const response = await post(guarded.url, {origin: guarded.url, ...bearer(wrong)})
      expect(response.status).toBe(401)
      const text = await response.text()
      expect(text).toContain('refused the access token')
      expect(text).not.toContain(wrong)
    }
    const basic = await post(guarded.url, {origin: guarded.url, authorization: `Basic ${token}`})
    expect(basic.status).toBe(401)
    await basic.arrayBuffer()
  })

  test('should read CHAT_TOKEN, CHAT_ALLOWED_ORIGINS and the limits from the environment', () => {
    const config = chatConfigFromEnv({
      CHAT_TOKEN: ' secret ',
      CHAT_ALLOWED_ORIGINS: 'https://Chat.Example.com/, http://10.0.0.5:8787',
      CHAT_RATE_PER_MINUTE: '5',
      CHAT_MAX_STREAMS: '1',
      CHAT_MAX_REPLY_CHARS: '1000',
    })
    expect(config.token).toBe('secret')
    expect(config.allowedOrigins).toEqual(['https://chat.example.com', 'http://10.0.0.5:8787'])
    expect(config.limits).toEqual({requestsPerMinute: 5, concurrentStreams: 1, maxReplyChars: 1000})
    expect(() => chatConfigFromEnv({CHAT_ALLOWED_ORIGINS: 'chat.example.com'})).toThrow(/CHAT_ALLOWED_ORIGINS/)
    expect(() => chatConfigFromEnv({CHAT_MAX_STREAMS: '0'})).toThrow(/CHAT_MAX_STREAMS/)
  })
})

describe('refusing to start open', () => {
  const chat = {replayTps: 0, upstream: {baseURL: 'http://127.0.0.1:9/v1', model: 'm', idleTimeoutMs: 1000}, log: () => {}}

  test('should refuse to listen beyond loopback with an upstream and no token', async () => {
    await expect(startServer({chat, host: '0.0.0.0', port: 0, requestLog: () => {}})).rejects.toThrow(/CHAT_TOKEN/)
    await expect(startServer({chat, host: '::', port: 0, requestLog: () => {}})).rejects.toThrow(/CHAT_ALLOW_OPEN=1/)
  })

  test('should start beyond loopback with a token, or when told to serve it open', async () => {
    for (const extra of [{token: 'secret'}, {allowOpen: true}]) {
      const server = await startServer({chat: {...chat, ...extra}, host: '0.0.0.0', port: 0, requestLog: () => {}})
      await server.close()
    }
  })

  test('should exit with the reason when started that way from the command line', async () => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/index.ts'], {
      cwd: root,
      env: {...process.env, HOST: '0.0.0.0', PORT: '0', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', CHAT_TOKEN: '', CHAT_ALLOW_OPEN: ''},
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const code = await new Promise((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain('Refusing to start: HOST=0.0.0.0')
    expect(stderr).toContain('CHAT_TOKEN')
  })
})
