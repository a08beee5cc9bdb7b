import {expect, it} from 'vitest'
import {clearCaches, createLru} from '../../../workers/plugins/lru.ts'

it('should forget the least recently used entry when full', () => {
  const cache = createLru<number>(2)
  cache.set('a', 1)
  cache.set('b', 2)
  expect(cache.get('a')).toBe(1)
  cache.set('c', 3)
  expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
})

it('should empty every cache on clearCaches', () => {
  const first = createLru<number>(4)
  const second = createLru<string>(4)
  first.set('a', 1)
  second.set('b', 'x')
  clearCaches()
  expect([first.get('a'), second.get('b')]).toEqual([undefined, undefined])
})
