/**
 * The mount scheduler in Chromium, bundled on its own into a blank page:
 * work runs in a task after a frame, at most once a frame, and work added
 * once a frame has begun waits for the next one, so that what ran before
 * it is painted first (a long document's editor shows its first screen
 * before the rest of the text goes in).
 */
import {build} from 'esbuild'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {collectErrors, connectChromium, root} from '../e2e/browser.ts'

/** What the bundle puts on the page. */
type Scheduler = typeof import('../../src/render/mount-scheduler.ts')

let browser: Browser
let page: Page
let errors: string[]

beforeAll(async () => {
  const bundle = await build({
    absWorkingDir: root,
    entryPoints: ['src/render/mount-scheduler.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'scheduler',
    define: {'process.env.NODE_ENV': '"production"'},
    write: false,
  })
  browser = await connectChromium()
  page = await browser.newPage()
  errors = collectErrors(page)
  await page.setContent('<!doctype html><title>Scheduler</title><p>Frames</p>')
  await page.addScriptTag({content: bundle.outputFiles[0]!.text})
})

afterAll(async () => {
  await browser?.close()
})

/** In the page: the frame (counted by a requestAnimationFrame loop started first) in which each run happened. */
type Runs = Array<[name: string, frame: number]>

it('should leave work added after a frame began to the next frame, after that frame is painted', async () => {
  const runs = await page.evaluate(
    () =>
      new Promise<Runs>((resolve) => {
        const {schedule} = (window as unknown as {scheduler: Scheduler}).scheduler
        const runs: Runs = []
        let frame = 0
        const count = () => {
          frame++
          requestAnimationFrame(count)
        }
        requestAnimationFrame(count)
        schedule(() => {
          runs.push(['before the frame', frame])
          return false
        })
        // Runs in the same frame as the scheduler's own callback, after it
        // and before the task it plans: the editor's switch of model lands
        // there when a render task comes first.
        requestAnimationFrame(() =>
          schedule(() => {
            runs.push(['during the frame', frame])
            resolve(runs)
            return false
          }),
        )
      }),
  )
  expect(runs.map(([name]) => name)).toEqual(['before the frame', 'during the frame'])
  const [[, first], [, second]] = runs as [[string, number], [string, number]]
  expect(second).toBeGreaterThan(first)
  expect(errors).toEqual([])
})

it('should run a piece of work with more to do once a frame, in turn with the others', async () => {
  const runs = await page.evaluate(
    () =>
      new Promise<Runs>((resolve) => {
        const {schedule} = (window as unknown as {scheduler: Scheduler}).scheduler
        const runs: Runs = []
        let frame = 0
        const count = () => {
          frame++
          requestAnimationFrame(count)
        }
        requestAnimationFrame(count)
        let left = 3
        schedule(() => {
          runs.push(['long', frame])
          if (--left > 0) return true
          resolve(runs)
          return false
        })
        schedule(() => {
          runs.push(['short', frame])
          return false
        })
      }),
  )
  expect(runs.map(([name]) => name)).toEqual(['long', 'short', 'long', 'long'])
  const frames = runs.filter(([name]) => name === 'long').map(([, frame]) => frame)
  expect(new Set(frames).size).toBe(3)
  expect(frames).toEqual([...frames].sort((a, b) => a - b))
  expect(errors).toEqual([])
})
