/**
 * Serve the built app from `dist/`: files with their MIME types, the app's
 * `index.html` for any other path without an extension (client-side routes),
 * and nothing outside the folder.
 */
import {createReadStream} from 'node:fs'
import {stat} from 'node:fs/promises'
import type {IncomingMessage, ServerResponse} from 'node:http'
import path from 'node:path'
import {pipeline} from 'node:stream/promises'

/**
 * The Content-Security-Policy of every HTML response: only this origin, no
 * inline script. Inline styles stay allowed because React, KaTeX and Shiki
 * set `style` attributes; `blob:` workers because Monaco may start its own;
 * `data:` fetches because Export HTML reads the fonts Vite inlined as `data:`
 * URLs (a `data:` URL never leaves the page); `http:` and `https:` fetches
 * because Open from URL reads a document from any site that allows it (CORS).
 * Its text is only ever rendered through the sanitizer, never run.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
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

/** A request handler that serves the files under `root`. */
export function createStaticHandler(root: string): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const base = path.resolve(root)
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

    const found = await findFile(file.endsWith(path.sep) || file === base ? path.join(file, 'index.html') : file)
    if (found) return sendFile(request, response, found, base)
    // Paths with an extension are files that are missing; others are routes of the app.
    if (path.extname(pathname) !== '') return sendText(response, 404, 'Not found')
    const index = await findFile(path.join(base, 'index.html'))
    if (!index) return sendText(response, 404, 'Not found: run `npm run build` first')
    return sendFile(request, response, index, base)
  }
}

async function findFile(file: string): Promise<{file: string; size: number} | undefined> {
  try {
    const stats = await stat(file)
    if (stats.isFile()) return {file, size: stats.size}
    if (stats.isDirectory()) return findFile(path.join(file, 'index.html'))
  } catch {
    // Missing or unreadable: the caller decides between 404 and the app.
  }
  return undefined
}

async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  {file, size}: {file: string; size: number},
  base: string,
): Promise<void> {
  const type = MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
  const headers: Record<string, string | number> = {
    'content-type': type,
    'content-length': size,
    'x-content-type-options': 'nosniff',
    // Vite puts a content hash in every name under assets/.
    'cache-control': path.relative(base, file).startsWith(`assets${path.sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  }
  if (type.startsWith('text/html')) Object.assign(headers, HTML_HEADERS)
  response.writeHead(200, headers)
  if (request.method === 'HEAD') return void response.end()
  // A client that leaves mid-file rejects the pipeline; that is no error here.
  await pipeline(createReadStream(file), response).catch(() => {})
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
