/**
 * Helpers for end-to-end tests: build the app with Vite, serve the build,
 * drive the system Chromium, and watch what the page fetches and logs.
 */
import {mkdtemp} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import type {Browser, Download, Page} from 'playwright-core'
import {build, preview} from 'vite'
import {inject} from 'vitest'

/** The repository root, which is Vite's root. */
export const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The Chromium that global-setup.ts started for the whole run, connected
 * to: each test file gets its own connection, and closing it closes the
 * file's pages and contexts, not the browser.
 */
export async function connectChromium(): Promise<Browser> {
  const {chromium} = await import('playwright-core')
  return chromium.connect(inject('chromiumEndpoint'))
}

export interface BuildOptions {
  /** HTML entries relative to the root, such as `tests/harness/worker.html`; default `index.html`. */
  input?: string | string[]
}

export interface BuildResult {
  outDir: string
  ms: number
}

/** The text of a file the page downloaded (read through the connection: the browser keeps the file). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Production build with the repo's `vite.config.ts` into a fresh temp dir. */
export async function buildApp(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'offthread-build-'))
  const input = [options.input ?? 'index.html'].flat().map((file) => path.resolve(root, file))
  // Vitest sets NODE_ENV=test, and Vite builds for production (the
  // `production` export conditions, no dev-only checks) only when NODE_ENV is
  // unset or `production`.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  const started = performance.now()
  try {
    // No size report: nobody reads it here, and making it gzips every chunk.
    await build({root, logLevel: 'warn', build: {outDir, emptyOutDir: true, reportCompressedSize: false, rolldownOptions: {input}}})
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  return {outDir, ms: performance.now() - started}
}

/** A production build of the app. */
export interface AppBuild {
  outDir: string
}

/** The app's production build, made once for all browser tests (global-setup.ts). */
export function appBuild(): AppBuild {
  return {outDir: inject('appBuild')}
}

export interface Served {
  /** Origin without a trailing slash, such as `http://127.0.0.1:41234`. */
  url: string
  close: () => Promise<void>
}

/** Serve a build with `vite preview` on 127.0.0.1 and a free port. */
export async function serve(outDir: string): Promise<Served> {
  const server = await preview({
    root,
    logLevel: 'warn',
    build: {outDir},
    // Port 0 lets the OS pick a free port, so parallel runs never collide.
    preview: {host: '127.0.0.1', port: 0, strictPort: true, open: false},
  })
  const address = server.httpServer.address()
  if (!address || typeof address === 'string') throw new Error('Expected the preview server to listen on a TCP port')
  return {url: `http://127.0.0.1:${address.port}`, close: () => server.close()}
}

export interface NetworkLog {
  /** Every URL requested so far, in order, the worker's included. */
  urls: string[]
  /** The requested URLs that went anywhere but this machine. */
  external: () => string[]
}

/** Record every request of `page` (and its workers) to check none left localhost. */
export function guardNetwork(page: Page): NetworkLog {
  const urls: string[] = []
  // In Chromium, what the page's dedicated workers fetch is reported here too.
  page.on('request', (request) => urls.push(request.url()))
  return {urls, external: () => urls.filter((url) => !isLocal(url))}
}

/** Whether `url` stays on this machine; `data:` and `blob:` never hit the network. */
export function isLocal(url: string): boolean {
  const {protocol, hostname} = new URL(url)
  if (protocol === 'data:' || protocol === 'blob:') return true
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]'
}

/** Collect uncaught page errors and `console.error` messages, the workers' included. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}
