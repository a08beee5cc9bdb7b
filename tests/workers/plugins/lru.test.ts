import {expect, it} from 'vitest'
import {cachedBytes, clearCaches, createLru} from '../../../workers/plugins/lru.ts'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {uniqueSlug} from '../../../workers/display/heading-ids.ts'
import {prefixDefinitions} from '../../../workers/incremental/block-prefix.ts'

it('should forget the least recently used entries when over its bytes', () => {
  const cache = createLru<number>(100)
  cache.set('a', 1, 40)
  cache.set('b', 2, 40)
  expect(cache.get('a')).toBe(1)
  cache.set('c', 3, 40)
  expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
  expect(cache.bytes).toBe(80)
  // One entry may take the place of several.
  cache.set('d', 4, 90)
  expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([undefined, undefined, 4])
  expect(cache.bytes).toBe(90)
})

it('should not keep an entry larger than the whole cache, nor count a replaced one twice', () => {
  const cache = createLru<string>(100)
  cache.set('a', 'small', 10)
  cache.set('huge', 'x', 101)
  expect([cache.get('a'), cache.get('huge')]).toEqual(['small', undefined])
  cache.set('a', 'again', 30)
  expect(cache.bytes).toBe(30)
  expect(cache.size).toBe(1)
})

it('should empty every cache on clearCaches', () => {
  const first = createLru<number>(4)
  const second = createLru<string>(4)
  first.set('a', 1, 1)
  second.set('b', 'x', 1)
  clearCaches()
  expect([first.get('a'), second.get('b')]).toEqual([undefined, undefined])
  expect([first.bytes, second.bytes]).toEqual([0, 0])
})

it("should count highlighted code and typeset math by their size, within the caches' bounds", async () => {
  clearCaches()
  await markdownToHast('$x^2$\n\n```js\nlet a = 1\n```\n')
  const small = cachedBytes()
  expect(small).toBeGreaterThan(0)
  // A code block that streams in adds an entry per append, each counted by its length.
  const lines = Array.from({length: 400}, (_, index) => `let value${index} = compute(${index}) // line ${index}`)
  for (let end = 40; end <= lines.length; end += 40) {
    await markdownToHast('```js\n' + lines.slice(0, end).join('\n') + '\n```\n')
  }
  const streamed = cachedBytes()
  expect(streamed).toBeGreaterThan(small + lines.join('\n').length * 20)
  // Within the caches' bounds, whatever streamed in.
  expect(streamed).toBeLessThanOrEqual(64 * 1024 * 1024)
  clearCaches()
  expect(cachedBytes()).toBe(0)
})

it('should count the prefixes of blocks and the slugs of headings by their length, within their bounds', () => {
  clearCaches()
  // A definition typed a key at a time in a document of 2,000 links, and a heading of 5,000 characters streamed in.
  const definitions = Array.from({length: 2000}, (_, index) => `[link-${index}]: https://example.com/${index}`).join('\n\n')
  for (let key = 0; key < 30; key++) prefixDefinitions(`${definitions}\n\n[typed]: https://example.com/${'x'.repeat(key)}\n\n`)
  const afterPrefixes = cachedBytes()
  // Full to its bound, counted by the prefixes' length, and no further.
  expect(afterPrefixes).toBeGreaterThan(4 * 1024 * 1024 - 4 * (definitions.length + 300))
  expect(afterPrefixes).toBeLessThanOrEqual(4 * 1024 * 1024)
  const heading = 'word '.repeat(1000)
  for (let end = 4; end <= heading.length; end += 4) uniqueSlug(heading.slice(0, end), new Map(), [])
  expect(cachedBytes() - afterPrefixes).toBeGreaterThan(3 * 1024 * 1024)
  expect(cachedBytes() - afterPrefixes).toBeLessThanOrEqual(4 * 1024 * 1024)
  // What was kept is still right.
  expect(prefixDefinitions(`${definitions}\n\n`).links).toBe(true)
  clearCaches()
  expect(cachedBytes()).toBe(0)
})
