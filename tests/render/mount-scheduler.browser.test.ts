/**
 * The mount scheduler in Chromium, bundled on its own into a blank page:
 * work runs in a task after a frame, at most once a frame, and work added
 * once a frame has begun waits for the next one, so that what ran before
 * it is painted first (a long document's editor shows its first screen
 * before the rest of the text goes in).
 */
import {build} from 'esbuild'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, beforeEach, expect, it} from 'vitest'
import {collectErrors, connectChromium, root} from '../e2e/browser.ts'

/** What the bundle and the helpers below put on the page. */
interface InPage {
  scheduler: typeof import('../../src/render/mount-scheduler.ts')
  /** Frames so far. */
  frame: number
  /** Each run of work made by `work`: its name and the frame it ran in. */
  runs: Array<[name: string, frame: number]>
  /** Work named `name` that has more to do until it has run `times` times. */
  work: (name: string, times?: number) => () => boolean
}

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
  // The frame each run happens in, counted by a requestAnimationFrame loop
  // started before any of the scheduler's: it counts first in each frame.
  await page.evaluate(() => {
    const page = window as unknown as InPage
    page.frame = 0
    const count = () => {
      page.frame++
      requestAnimationFrame(count)
    }
    requestAnimationFrame(count)
    page.runs = []
    page.work = (name, times = 1) => {
      let left = times
      return () => {
        page.runs.push([name, page.frame])
        return --left > 0
      }
    }
  })
})

beforeEach(async () => {
  await page.evaluate(() => void ((window as unknown as InPage).runs = []))
})

afterAll(async () => {
  await browser?.close()
})

/** The runs once there are `count` of them. */
async function runs(count: number): Promise<InPage['runs']> {
  await page.waitForFunction((count) => (window as unknown as InPage).runs.length >= count, count)
  return page.evaluate(() => (window as unknown as InPage).runs)
}

it('should leave work added after a frame began to the next frame, after that frame is painted', async () => {
  await page.evaluate(() => {
    const {scheduler, work} = window as unknown as InPage
    scheduler.schedule(work('before the frame'))
    // Runs in the same frame as the scheduler's own callback, after it and
    // before the task it plans: the editor's switch of model lands there
    // when a render task comes first.
    requestAnimationFrame(() => scheduler.schedule(work('during the frame')))
  })
  const [[first, firstFrame], [second, secondFrame]] = (await runs(2)) as [[string, number], [string, number]]
  expect([first, second]).toEqual(['before the frame', 'during the frame'])
  expect(secondFrame).toBeGreaterThan(firstFrame)
  expect(errors).toEqual([])
})

it('should run a piece of work with more to do once a frame, in turn with the others', async () => {
  await page.evaluate(() => {
    const {scheduler, work} = window as unknown as InPage
    scheduler.schedule(work('long', 3))
    scheduler.schedule(work('short'))
  })
  const found = await runs(4)
  expect(found.map(([name]) => name)).toEqual(['long', 'short', 'long', 'long'])
  const frames = found.filter(([name]) => name === 'long').map(([, frame]) => frame)
  expect(new Set(frames).size).toBe(3)
  expect(frames).toEqual([...frames].sort((a, b) => a - b))
  expect(errors).toEqual([])
})
