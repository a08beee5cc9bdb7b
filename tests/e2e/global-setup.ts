/**
 * Builds the app and starts Chromium once for all browser tests: a
 * production build is the slowest step of the suite, and the tests only
 * read it (and add files of their own to it); each test file connects to
 * the one browser instead of starting its own. The browser projects
 * (vite.config.ts) share both.
 */
import {rm} from 'node:fs/promises'
import type {BrowserServer} from 'playwright-core'
import type {TestProject} from 'vitest/node'
import {chromiumArgs, chromiumPath} from '../../cli/chromium.ts'
import {buildApp} from './browser.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the app's production build. */
    appBuild: string
    /** Where test files connect to the shared Chromium (`chromium.connect`). */
    chromiumEndpoint: string
  }
}

/** The build, the browser and how many projects use them, shared by this module's copies in each project. */
const shared = globalThis as {offthreadE2e?: {outDir: Promise<string>; browser: Promise<BrowserServer>; users: number}}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const e2e = (shared.offthreadE2e ??= {outDir: buildApp().then((result) => result.outDir), browser: startChromium(), users: 0})
  e2e.users++
  project.provide('appBuild', await e2e.outDir)
  project.provide('chromiumEndpoint', (await e2e.browser).wsEndpoint())
  return async () => {
    if (--e2e.users > 0) return
    delete shared.offthreadE2e
    await (await e2e.browser).close()
    await rm(await e2e.outDir, {recursive: true, force: true})
  }
}

async function startChromium(): Promise<BrowserServer> {
  const {chromium} = await import('playwright-core')
  return chromium.launchServer({executablePath: chromiumPath, args: chromiumArgs()})
}
