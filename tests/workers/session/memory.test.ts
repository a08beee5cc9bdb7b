/**
 * Each text comes to the worker as a string of its own. What a session or a
 * cache keeps of one must not keep the whole of it: over a long stream or a
 * long edit, that would be one whole text per update a block came from.
 */
import {setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'
import {expect, it} from 'vitest'
import {createLru} from '../../../workers/plugins/lru.ts'
import {closeSession, renderSession} from '../../../workers/session/session.ts'

setFlagsFromString('--expose-gc')
/** The engine's garbage collector (a new context sees the flag). */
const collect = runInNewContext('gc') as () => void

/** Bytes in use on the heap once all that can go has gone. */
async function heapUsed(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0))
  collect()
  return process.memoryUsage().heapUsed
}

/** A text as the worker receives one from the main thread: a copy of its own. */
const received = (text: string) => structuredClone(text)

const megabyte = 1024 * 1024
/** A megabyte that renders as nothing, and fast: a comment. */
const comment = `<!--${'x'.repeat(megabyte)}-->\n\n`
const updates = 40

it('should keep one text, not one per update, of a document that grows by blocks', async () => {
  const before = await heapUsed()
  let text = comment
  await renderSession('memory', received(text), 0)
  for (let version = 1; version <= updates; version++) {
    text += `Paragraph ${version} of a document that grows at its end.\n\n`
    const update = await renderSession('memory', received(text), version)
    // The comment's block is the first update's, kept as it was: not rendered again.
    expect(update.rendered).toBeLessThan(3)
  }
  // The last text (held here and by the session), the comment's block, what the renders hold: a few megabytes, not one per update.
  expect((await heapUsed()) - before).toBeLessThan(12 * megabyte)
  closeSession('memory')
})

it('should count a cached key cut from a longer text as the key alone', async () => {
  const cache = createLru<number>(64 * megabyte)
  const before = await heapUsed()
  for (let index = 0; index < updates; index++) {
    const text = received(`${index} ${comment}`)
    cache.set(text.slice(0, 100), index, 100)
  }
  expect(cache.size).toBe(updates)
  expect((await heapUsed()) - before).toBeLessThan(2 * megabyte)
})
