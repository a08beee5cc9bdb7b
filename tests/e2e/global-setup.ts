/**
 * Builds the app once for all browser tests: a production build is the
 * slowest step of the suite, and the tests only read it (and add files
 * of their own to it).
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const {outDir} = await buildApp()
  project.provide('appBuild', outDir)
  return () => rm(outDir, {recursive: true, force: true})
}
