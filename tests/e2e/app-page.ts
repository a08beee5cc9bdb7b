/**
 * What a browser test of the app starts with: the production build served by
 * `vite preview`, and one page in a fresh Chromium that may use the
 * clipboard, with its requests and errors recorded.
 */
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {allowClipboard} from './clipboard.ts'
import {appBuild, collectErrors, guardNetwork, connectChromium, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'

export interface AppPage {
  build: AppBuild
  served: Served
  browser: Browser
  context: BrowserContext
  page: Page
  network: NetworkLog
  /** Errors the page logged. */
  errors: string[]
  close: () => Promise<void>
}

interface AppPageOptions {
  viewport?: {width: number; height: number}
  /** Set in the environment while the server starts (its handlers read it then). */
  env?: Record<string, string>
}

/** Serve the build and open a blank page for it; the caller loads the app. */
export async function openAppPage({viewport = {width: 1400, height: 900}, env = {}}: AppPageOptions = {}): Promise<AppPage> {
  const build = appBuild()
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]))
  Object.assign(process.env, env)
  let served: Served
  try {
    served = await serve(build.outDir)
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
  const browser = await connectChromium()
  const context = await browser.newContext({viewport})
  await allowClipboard(context, served.url)
  const page = await context.newPage()
  const close = async () => {
    await browser.close()
    await served.close()
  }
  return {build, served, browser, context, page, network: guardNetwork(page), errors: collectErrors(page), close}
}
