/**
 * Serve the built app from `dist/`: files with their MIME types, brotli or
 * gzip copies written by the build when the client takes them, `ETag`s and
 * `304`s, the app's `index.html` for any other path without an extension
 * (client-side routes), and nothing outside the folder.
 */
import {createReadStream} from 'node:fs'
import {stat} from 'node:fs/promises'
import type {IncomingMessage, ServerResponse} from 'node:http'
import path from 'node:path'
import {pipeline} from 'node:stream/promises'
import Negotiator from 'negotiator'

/**
 * The Content-Security-Policy of every HTML response: only this origin, no
 * inline script. Inline styles stay allowed because React, KaTeX and Shiki
 * set `style` attributes; `blob:` workers because Monaco may start its own;
 * `data:` fetches because Export HTML reads the fonts Vite inlined as `data:`
 * URLs (a `data:` URL never leaves the page); `http:` and `https:` fetches
 * because Open from URL reads a document from any site that allows it (CORS).
 * Its text is only ever rendered through the sanitizer, never run. `http:`
 * and `https:` images because a document's switch or a click may load an
 * image from another host; until then the app shows a placeholder
 * (src/render/remote-images.tsx).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self' data: http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Headers every HTML response carries, here and in `vite preview` (server/vite-plugin.ts). */
export const HTML_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
}

/** MIME types by extension, for what a Vite build emits. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
}

/** Extensions the build writes `.br` and `.gz` copies for; the rest (images, woff2) is compressed already. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.md',
  '.txt',
  '.svg',
  '.ico',
  '.ttf',
  '.otf',
  '.wasm',
  '.webmanifest',
])

/** The encodings of the copies, by the suffix of their file names, best first. */
export const ENCODINGS = [
  {name: 'br', suffix: '.br'},
  {name: 'gzip', suffix: '.gz'},
] as const

/** Options of `createStaticHandler`. */
export interface StaticOptions {
  /** Top-level folders under the root never to serve, such as the compiled server. */
  hidden?: readonly string[]
}

/** A request handler that serves the files under `root`. */
export function createStaticHandler(root: string, options: StaticOptions = {}): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const base = path.resolve(root)
  const hidden = (options.hidden ?? []).map((folder) => path.join(base, folder))
  return async function serveStatic(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendText(response, 405, 'Method not allowed', {allow: 'GET, HEAD'})
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    } catch {
      return sendText(response, 400, 'Bad request')
    }
    if (pathname.includes('\0')) return sendText(response, 400, 'Bad request')
    // The URL parser already drops `..` segments; an encoded `..%2f` only
    // appears once decoded, so check where the path really lands.
    const file = path.join(base, pathname)
    if (file !== base && !file.startsWith(base + path.sep)) return sendText(response, 403, 'Forbidden')
    if (hidden.some((folder) => file === folder || file.startsWith(folder + path.sep))) return sendText(response, 404, 'Not found')

    const found = await findFile(file.endsWith(path.sep) || file === base ? path.join(file, 'index.html') : file)
    if (found) return sendFile(request, response, found, base)
    // Paths with an extension are files that are missing; others are routes of the app.
    if (path.extname(pathname) !== '') return sendText(response, 404, 'Not found')
    const index = await findFile(path.join(base, 'index.html'))
    if (!index) return sendText(response, 404, 'Not found: run `npm run build` first')
    return sendFile(request, response, index, base)
  }
}

interface Found {
  file: string
  size: number
  mtimeMs: number
}

async function findFile(file: string): Promise<Found | undefined> {
  try {
    const stats = await stat(file)
    if (stats.isFile()) return {file, size: stats.size, mtimeMs: stats.mtimeMs}
    if (stats.isDirectory()) return findFile(path.join(file, 'index.html'))
  } catch {
    // Missing or unreadable: the caller decides between 404 and the app.
  }
  return undefined
}

async function sendFile(request: IncomingMessage, response: ServerResponse, found: Found, base: string): Promise<void> {
  const extension = path.extname(found.file).toLowerCase()
  const type = MIME_TYPES[extension] ?? 'application/octet-stream'
  const compressible = COMPRESSIBLE_EXTENSIONS.has(extension)
  const copy = compressible ? await pickEncoding(request, found.file) : undefined
  const sent = copy?.found ?? found
  const headers: Record<string, string | number> = {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    // Vite puts a content hash in every name under assets/.
    'cache-control': path.relative(base, found.file).startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    // Each encoding is its own representation, with its own tag.
    etag: `W/"${sent.size.toString(16)}-${Math.floor(sent.mtimeMs).toString(16)}${copy ? `-${copy.encoding}` : ''}"`,
  }
  if (compressible) headers.vary = 'Accept-Encoding'
  if (copy) headers['content-encoding'] = copy.encoding
  if (type.startsWith('text/html')) Object.assign(headers, HTML_HEADERS)
  if (matchesTag(request.headers['if-none-match'], String(headers.etag))) {
    response.writeHead(304, headers)
    return void response.end()
  }
  headers['content-length'] = sent.size
  response.writeHead(200, headers)
  if (request.method === 'HEAD' || sent.size === 0) return void response.end()
  // Exactly the bytes the length promises: the stream ends with them, not one read later, by which
  // time a client that had them all may have closed the connection (and the request looked aborted).
  // A client that leaves mid-file rejects the pipeline; that is no error here.
  await pipeline(createReadStream(sent.file, {start: 0, end: sent.size - 1}), response).catch(() => {})
}

/**
 * The compressed copy of `file` to send: the encoding the client prefers
 * (q-values honoured, brotli first on a tie) among the copies the build
 * wrote; `undefined` for the file itself.
 */
async function pickEncoding(request: IncomingMessage, file: string): Promise<{encoding: string; found: Found} | undefined> {
  const copies = new Map<string, Found>()
  for (const {name, suffix} of ENCODINGS) {
    const found = await findFile(file + suffix)
    if (found) copies.set(name, found)
  }
  if (copies.size === 0) return undefined
  const available = [...copies.keys(), 'identity']
  const negotiator = new Negotiator(request) as Negotiator & {encoding: (available: string[], options: {preferred: string[]}) => string | undefined}
  // `undefined` when the client refuses even `identity`: it gets the file itself, as most servers do.
  const encoding = negotiator.encoding(available, {preferred: available})
  const found = encoding ? copies.get(encoding) : undefined
  return encoding && found ? {encoding, found} : undefined
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, as for GET). */
function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

function sendText(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'x-content-type-options': 'nosniff',
    ...headers,
  })
  response.end(text)
}
