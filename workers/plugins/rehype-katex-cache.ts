/**
 * A cache around rehype-katex: typeset math depends only on the formula and
 * whether it is displayed (KaTeX's options are fixed, and each formula gets
 * fresh macros), and typesetting plus parsing KaTeX's HTML back into HAST is
 * the dearest part of rendering a short block with math. A block that
 * streams in is rendered again on every append with the same formulas.
 *
 * `rehypeKatexCacheLookup` runs before rehype-katex: a formula typeset
 * before is put in place from the cache (frozen, and shared by every tree
 * that holds it); any other is wrapped in a marker
 * element, inside which rehype-katex puts its output. `rehypeKatexCacheStore`
 * runs after: it stores each marker's content and unwraps it. A run whose
 * formulas raised messages stores nothing (the messages point into the tree).
 * When every formula came from the cache, rehype-katex and the store have
 * nothing to do and are skipped (`mathLeftToTypeset`).
 */
import type {ElementContent, Root} from 'hast'
import {toText} from 'hast-util-to-text'
import type {VFile} from 'vfile'
import {deepFreeze} from './frozen.ts'
import {createLru} from './lru.ts'
import {forEachElement, SKIP} from './walk.ts'

/** Typeset formulas by source, up to `cacheBytes`. */
const cacheBytes = 16 * 1024 * 1024
const cache = createLru<ElementContent[]>(cacheBytes)
const maxCachedLength = 2000
/**
 * Estimated bytes of a typeset formula and its key: a fixed part (KaTeX's
 * wrappers) and a part per character of source, for the MathML and HTML
 * nodes (measured in Node after GC, then rounded up).
 */
export const typesetBytes = (source: string) => 4000 + 1000 * source.length
const marker = 'offthread-katex-cache'
const messagesBefore = new WeakMap<VFile, number>()
/** Per file: formulas the lookup left for rehype-katex. */
const leftToTypeset = new WeakMap<VFile, number>()

/** Whether the lookup left any formula for rehype-katex (so it and the store need to run). */
export function mathLeftToTypeset(file: VFile): boolean {
  return (leftToTypeset.get(file) ?? 1) > 0
}

export function rehypeKatexCacheLookup() {
  return function (tree: Root, file: VFile) {
    messagesBefore.set(file, file.messages.length)
    let left = 0
    forEachElement(tree, (element, index, parent) => {
      const classes = Array.isArray(element.properties.className) ? element.properties.className : []
      const display = classes.includes('math-display')
      // The `<pre>` form of display math (rehype-katex's other case) is
      // turned into `math-display` earlier, by rehype-math-blocks.
      if (!display && !classes.includes('math-inline')) return
      const value = toText(element, {whitespace: 'pre'})
      if (value.length > maxCachedLength) {
        left++
        return SKIP
      }
      const key = (display ? 'd' : 'i') + value
      const cached = cache.get(key)
      if (cached) {
        parent.children.splice(index, 1, ...cached)
        return index + cached.length
      }
      left++
      parent.children.splice(index, 1, {type: 'element', tagName: marker, properties: {dataKey: key}, children: [element]})
      return SKIP
    })
    leftToTypeset.set(file, left)
  }
}

export function rehypeKatexCacheStore() {
  return function (tree: Root, file: VFile) {
    const store = file.messages.length === messagesBefore.get(file)
    forEachElement(tree, (element, index, parent) => {
      if (element.tagName !== marker) return
      const key = element.properties.dataKey
      if (store && typeof key === 'string') cache.set(key, deepFreeze(structuredClone(element.children)), typesetBytes(key))
      parent.children.splice(index, 1, ...element.children)
      return index + element.children.length
    })
  }
}
