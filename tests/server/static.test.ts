import {execFile} from 'node:child_process'
import {mkdir, mkdtemp, rm, utimes, writeFile} from 'node:fs/promises'
import {request, type IncomingHttpHeaders} from 'node:http'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import {brotliDecompressSync, gunzipSync} from 'node:zlib'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {startServer, type RunningServer} from '../../server/index.ts'
import {precompressDir} from '../../server/precompress.ts'
import {CONTENT_SECURITY_POLICY} from '../../server/static.ts'

const indexHtml = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>'
/** A script large enough to be worth compressing. */
const bigScript = Array.from({length: 400}, (_, index) => `export const value${index} = ${index} * 2\n`).join('')
const tour = `# Tour\n\n${'Some text of the tour. '.repeat(100)}\n`
/** The folder that holds the build and a file beside it. */
let parent: string
let dist: string
let server: RunningServer
/** The server's request log. */
const requests: string[] = []

beforeAll(async () => {
  // The build sits next to a file it must never serve.
  parent = await mkdtemp(path.join(tmpdir(), 'offthread-static-'))
  await writeFile(path.join(parent, 'secret.txt'), 'top secret')
  dist = path.join(parent, 'dist')
  await mkdir(path.join(dist, 'assets'), {recursive: true})
  await mkdir(path.join(dist, 'samples'))
  await writeFile(path.join(dist, 'index.html'), indexHtml)
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  await writeFile(path.join(dist, 'assets', 'index-abc123.css'), 'body{}')
  await writeFile(path.join(dist, 'assets', 'KaTeX_Main-Regular-x1.woff2'), new Uint8Array([1, 2, 3]))
  await writeFile(path.join(dist, 'samples', 'tour.md'), tour)
  await writeFile(path.join(dist, 'assets', 'big-abc123.js'), bigScript)
  // The compiled server lives in the build folder too, and is never served.
  await mkdir(path.join(dist, 'server'))
  await writeFile(path.join(dist, 'server', 'index.js'), 'export {}')
  await precompressDir(dist, ['server'])
  server = await startServer({distDir: dist, port: 0, host: '127.0.0.1', chat: {replayTps: 0, log: () => {}}, requestLog: (line) => requests.push(line)})
})

afterAll(async () => {
  await server.close()
  await rm(parent, {recursive: true, force: true})
})

/** GET `rawPath` with `headers`, the body as sent (fetch would decompress it). */
function getBytes(
  rawPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{status: number; headers: IncomingHttpHeaders; body: Buffer}> {
  const {port} = new URL(server.url)
  return new Promise((resolve, reject) => {
    request({host: '127.0.0.1', port, path: rawPath, headers, method}, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks)}))
    })
      .on('error', reject)
      .end()
  })
}

/** GET a raw path, unnormalized (fetch would resolve `..` itself). */
function getRaw(rawPath: string): Promise<{status: number; body: string}> {
  const {port} = new URL(server.url)
  return new Promise((resolve, reject) => {
    request({host: '127.0.0.1', port, path: rawPath}, (response) => {
      let body = ''
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({status: response.statusCode ?? 0, body}))
    })
      .on('error', reject)
      .end()
  })
}

describe('serving the built app', () => {
  test('should serve index.html with the Content-Security-Policy', async () => {
    const response = await fetch(`${server.url}/`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toBe(indexHtml)
  })

  test('should forbid inline script and other origins, but for fetching documents and images', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((item) => [item.split(' ')[0], item]))
    expect(directives.get('default-src')).toBe("default-src 'self'")
    expect(directives.get('script-src')).toBe("script-src 'self'")
    expect(directives.get('object-src')).toBe("object-src 'none'")
    // Open from URL reads documents from other sites, and a click or a
    // document's switch shows their images; nothing else may come from one.
    expect(directives.get('connect-src')).toBe("connect-src 'self' data: http: https:")
    expect(directives.get('img-src')).toBe("img-src 'self' data: blob: http: https:")
    for (const [name, directive] of directives) {
      if (name !== 'connect-src' && name !== 'img-src') expect(directive).not.toMatch(/https?:|\*|unsafe-eval/)
    }
  })

  test('should serve assets with their MIME types, cached for good', async () => {
    const script = await fetch(`${server.url}/assets/index-abc123.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
    expect(script.headers.get('content-security-policy')).toBeNull()
    expect(await script.text()).toBe('console.log(1)')
    const types = {
      '/assets/index-abc123.css': 'text/css; charset=utf-8',
      '/assets/KaTeX_Main-Regular-x1.woff2': 'font/woff2',
      '/samples/tour.md': 'text/markdown; charset=utf-8',
    }
    for (const [file, type] of Object.entries(types)) {
      const response = await fetch(`${server.url}${file}`)
      expect(response.headers.get('content-type')).toBe(type)
      await response.arrayBuffer()
    }
  })

  test('should answer HEAD without a body', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`, {method: 'HEAD'})
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe('14')
    expect(await response.text()).toBe('')
  })

  test('should serve index.html for routes of the app', async () => {
    for (const route of ['/chat', '/documents/abc', '/bench?size=1m']) {
      const response = await fetch(`${server.url}${route}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
      expect(await response.text()).toBe(indexHtml)
    }
  })

  test('should answer a missing file with 404, not the app', async () => {
    const response = await fetch(`${server.url}/assets/missing-123.js`)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('<!doctype')
  })

  test('should never serve files outside the build', async () => {
    for (const attempt of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e%2fsecret.txt']) {
      const {status, body} = await getRaw(attempt)
      expect([403, 404], attempt).toContain(status)
      expect(body).not.toContain('top secret')
    }
    const {status} = await getRaw('/..%2f..%2f..%2f..%2fetc%2fpasswd')
    expect(status).toBe(403)
    expect((await getRaw('/a%00.js')).status).toBe(400)
    expect((await getRaw('/%E0%A4%A')).status).toBe(400)
  })

  test('should refuse methods other than GET and HEAD for files', async () => {
    const response = await fetch(`${server.url}/index.html`, {method: 'DELETE'})
    expect(response.status).toBe(405)
  })

  test('should answer unknown API routes with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/nope`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({error: 'No API route `/api/nope`'})
  })
})

describe('compressed copies', () => {
  const script = '/assets/big-abc123.js'

  test('should send the brotli copy to a browser that takes it, with its length and type', async () => {
    const {status, headers, body} = await getBytes(script, {'accept-encoding': 'gzip, deflate, br, zstd'})
    expect(status).toBe(200)
    expect(headers['content-encoding']).toBe('br')
    expect(headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(headers.vary).toBe('Accept-Encoding')
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Number(headers['content-length'])).toBe(body.length)
    expect(body.length).toBeLessThan(bigScript.length / 4)
    expect(brotliDecompressSync(body).toString()).toBe(bigScript)
  })

  test('should send gzip when brotli is refused or ranked lower', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const {headers, body} = await getBytes(script, {'accept-encoding': accept})
      expect(headers['content-encoding'], accept).toBe('gzip')
      expect(gunzipSync(body).toString()).toBe(bigScript)
    }
  })

  test('should send the file itself when neither is taken', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0', 'identity;q=0']) {
      const {headers, body} = await getBytes(script, accept === undefined ? {} : {'accept-encoding': accept})
      expect(headers['content-encoding'], accept).toBeUndefined()
      expect(headers.vary).toBe('Accept-Encoding')
      expect(Number(headers['content-length'])).toBe(bigScript.length)
      expect(body.toString()).toBe(bigScript)
    }
  })

  test('should answer HEAD with the length of the copy it would send', async () => {
    const {headers, body} = await getBytes(script, {'accept-encoding': 'br'}, 'HEAD')
    expect(headers['content-encoding']).toBe('br')
    expect(Number(headers['content-length'])).toBe((await getBytes(script, {'accept-encoding': 'br'})).body.length)
    expect(body.length).toBe(0)
  })

  test('should leave small files and images alone', async () => {
    for (const file of ['/assets/index-abc123.css', '/assets/KaTeX_Main-Regular-x1.woff2']) {
      const {headers} = await getBytes(file, {'accept-encoding': 'br, gzip'})
      expect(headers['content-encoding'], file).toBeUndefined()
    }
  })

  test('should never serve the compiled server in the build folder', async () => {
    expect((await getBytes('/server/index.js')).status).toBe(404)
  })
})

describe('ETag', () => {
  test('should answer 304 without a body when the copy the client has is current', async () => {
    const first = await getBytes('/samples/tour.md', {'accept-encoding': 'gzip'})
    const etag = String(first.headers.etag)
    expect(first.headers['cache-control']).toBe('no-cache')
    const again = await getBytes('/samples/tour.md', {'accept-encoding': 'gzip', 'if-none-match': etag})
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers.vary).toBe('Accept-Encoding')
    // Each encoding is a representation of its own.
    const plain = await getBytes('/samples/tour.md', {'if-none-match': etag})
    expect(plain.status).toBe(200)
    expect(plain.headers.etag).not.toBe(etag)
  })

  test('should answer 304 for index.html with its security headers, and 200 once the file changed', async () => {
    const first = await fetch(`${server.url}/`)
    await first.text()
    const etag = first.headers.get('etag')!
    const again = await fetch(`${server.url}/chat`, {headers: {'if-none-match': `"other", ${etag}`}})
    expect(again.status).toBe(304)
    expect(again.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    const later = new Date(Date.now() + 60_000)
    await utimes(path.join(dist, 'index.html'), later, later)
    const changed = await fetch(`${server.url}/`, {headers: {'if-none-match': etag}})
    expect(changed.status).toBe(200)
    expect(await changed.text()).toBe(indexHtml)
  })
})

describe('operations', () => {
  test('should answer GET /healthz with JSON, not the app', async () => {
    const response = await fetch(`${server.url}/healthz`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    const body = (await response.json()) as {status: string; uptimeSeconds: number}
    expect(body.status).toBe('ok')
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0)
  })

  test('should log one line per request: method, path without the query, status and time', async () => {
    requests.length = 0
    await (await fetch(`${server.url}/samples/tour.md?token=secret`)).text()
    await (await fetch(`${server.url}/missing.js`)).text()
    // A request of an earlier test may still end, and log, meanwhile: read the lines of these two.
    const lines = () => requests.filter((line) => /^\S+ \/(samples\/tour\.md|missing\.js)\b/.test(line))
    await expect.poll(() => lines().length).toBe(2)
    expect(lines()[0]).toMatch(/^GET \/samples\/tour\.md 200 \d+ms$/)
    expect(lines()[1]).toMatch(/^GET \/missing\.js 404 \d+ms$/)
    expect(requests.join('\n')).not.toContain('secret')
  })

  test('should log a file as sent to a client that closes the connection once it has the whole body', async () => {
    // In a process of its own, as curl: it closes as soon as it has the bytes the length promised.
    const client = `const socket = require('node:net').connect(${new URL(server.url).port}, '127.0.0.1', () => socket.write('GET /samples/tour.md HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n'))
      let got = ''
      socket.on('data', (data) => {
        got += data
        const head = got.indexOf('\\r\\n\\r\\n'), length = /content-length: (\\d+)/i.exec(got)
        if (head > 0 && length && got.length - head - 4 >= Number(length[1])) socket.destroy()
      })`
    requests.length = 0
    for (let run = 0; run < 40; run++) await promisify(execFile)(process.execPath, ['-e', client])
    const lines = () => requests.filter((line) => line.startsWith('GET /samples/tour.md '))
    await expect.poll(() => lines().length).toBe(40)
    expect(lines().filter((line) => !/ 200 \d+ms$/.test(line))).toEqual([])
  })
})
