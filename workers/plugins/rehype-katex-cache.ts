/**
 * A cache around rehype-katex: typeset math depends only on the formula and
 * whether it is displayed (KaTeX's options are fixed, and each formula gets
 * fresh macros), and typesetting plus parsing KaTeX's HTML back into HAST is
 * the dearest part of rendering a short block with math. A block that
 * streams in is rendered again on every append with the same formulas.
 *
 * `rehypeKatexCacheLookup` runs before rehype-katex: a formula typeset
 * before is put in place from the cache; any other is wrapped in a marker
 * element, inside which rehype-katex puts its output. `rehypeKatexCacheStore`
 * runs after: it stores each marker's content and unwraps it. A run whose
 * formulas raised messages stores nothing (the messages point into the tree).
 */
import type {Element, ElementContent, Root} from 'hast'
import {toText} from 'hast-util-to-text'
import {SKIP, visitParents} from 'unist-util-visit-parents'
import type {VFile} from 'vfile'
import {createLru} from './lru.ts'

const cache = createLru<ElementContent[]>(2000)
const maxCachedLength = 2000
const marker = 'offthread-katex-cache'
const messagesBefore = new WeakMap<VFile, number>()

export function rehypeKatexCacheLookup() {
  return function (tree: Root, file: VFile) {
    messagesBefore.set(file, file.messages.length)
    visitParents(tree, 'element', (element, parents) => {
      const classes = Array.isArray(element.properties.className) ? element.properties.className : []
      const display = classes.includes('math-display')
      // The `<pre>` form of display math (rehype-katex's other case) is
      // turned into `math-display` earlier, by rehype-math-blocks.
      if (!display && !classes.includes('math-inline')) return
      const parent = parents[parents.length - 1]
      if (!parent) return
      const value = toText(element, {whitespace: 'pre'})
      const index = parent.children.indexOf(element)
      if (value.length > maxCachedLength) return SKIP
      const key = (display ? 'd' : 'i') + value
      const cached = cache.get(key)
      const replacement: Element = cached
        ? {type: 'element', tagName: marker, properties: {}, children: structuredClone(cached)}
        : {type: 'element', tagName: marker, properties: {dataKey: key}, children: [element]}
      parent.children.splice(index, 1, replacement)
      return SKIP
    })
  }
}

export function rehypeKatexCacheStore() {
  return function (tree: Root, file: VFile) {
    const store = file.messages.length === messagesBefore.get(file)
    visitParents(tree, 'element', (element, parents) => {
      if (element.tagName !== marker) return
      const parent = parents[parents.length - 1]!
      const key = element.properties.dataKey
      if (store && typeof key === 'string') cache.set(key, structuredClone(element.children))
      const index = parent.children.indexOf(element)
      parent.children.splice(index, 1, ...element.children)
      return [SKIP, index + element.children.length]
    })
  }
}
