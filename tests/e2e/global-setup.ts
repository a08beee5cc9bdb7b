/**
 * Builds the app once for all browser tests: a production build is the
 * slowest step of the suite, and the tests only read it (and add files
 * of their own to it). The browser projects (vite.config.ts) share it.
 */
import {rm} from 'node:fs/promises'
import type {TestProject} from 'vitest/node'
import {buildApp} from './browser.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the app's production build. */
    appBuild: string
  }
}

/** The build and how many projects use it, shared by this module's copies in each project. */
const shared = globalThis as {offthreadAppBuild?: {outDir: Promise<string>; users: number}}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const build = (shared.offthreadAppBuild ??= {outDir: buildApp().then((result) => result.outDir), users: 0})
  build.users++
  project.provide('appBuild', await build.outDir)
  return async () => {
    if (--build.users > 0) return
    delete shared.offthreadAppBuild
    await rm(await build.outDir, {recursive: true, force: true})
  }
}
