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
 *
 * A formula that comes again in the same run is typeset once: its later
 * copies wait in an empty marker of their own, which the store fills with
 * the first one's output. If the run raised messages, each copy is typeset
 * after all, so that it gets its own message, as without the cache.
 *
 * `inlineMath` and `displayMath` serve blocks rendered without the pipeline
 * (plain-inline.ts, plain-math.ts): a formula from the cache, or typeset
 * alone and kept.
 */
import type {Element, ElementContent, Root} from 'hast'
import type {KatexOptions} from 'katex'
import rehypeKatex from 'rehype-katex'
import {toText} from 'hast-util-to-text'
import {VFile} from 'vfile'
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
const copyMarker = 'offthread-katex-copy'
const messagesBefore = new WeakMap<VFile, number>()
/** Per file: formulas the lookup left for rehype-katex. */
const leftToTypeset = new WeakMap<VFile, number>()
/** Per file: the formula each copy marker stands for. */
const copiesOf = new WeakMap<VFile, Map<Element, Element>>()

/**
 * KaTeX never trusts input (`\href`, `\url`, `\htmlData` stay inert), and
 * macro expansion and sizes are bounded so a formula cannot blow up.
 */
export const katexOptions: KatexOptions = {
  trust: false,
  maxExpand: 1000,
  maxSize: 20,
  strict: 'ignore',
  output: 'htmlAndMathml',
}

/** rehype-katex as the pipeline runs it: a formula's class says whether it is displayed. */
const typesetOne = rehypeKatex(katexOptions)

/**
 * The typeset nodes of the inline formula `tex`, as the pipeline puts them
 * in its place (see `typesetKept`). `undefined` for a formula KaTeX finds an
 * error in, or too long to keep: the pipeline renders that one, with its
 * message.
 */
export function inlineMath(tex: string): readonly ElementContent[] | undefined {
  if (tex.length > maxCachedLength) return undefined
  const file = new VFile()
  const content = typesetKept(tex, 'math-inline', file)
  return file.messages.length > 0 ? undefined : content
}

/**
 * The typeset nodes of the display formula `tex`, as the pipeline makes
 * them, any message KaTeX raised put in `file` (see `typesetKept`). A
 * formula streaming in is an error until it is whole, and the pipeline
 * renders the error with its message: so it is here.
 */
export function displayMath(tex: string, file: VFile): readonly ElementContent[] {
  return typesetKept(tex, 'math-display', file)
}

/**
 * A formula from the cache, or typeset now by rehype-katex, as remark-rehype
 * hands it the formula, any message put in `file`; kept if it raised none.
 */
function typesetKept(tex: string, kind: 'math-inline' | 'math-display', file: VFile): readonly ElementContent[] {
  const key = (kind === 'math-display' ? 'd' : 'i') + tex
  const cached = cache.get(key)
  if (cached) return cached
  const formula: Element = {type: 'element', tagName: 'code', properties: {className: ['language-math', kind]}, children: [{type: 'text', value: tex}]}
  const before = file.messages.length
  const content = typesetAlone(formula, file, typesetOne)
  if (file.messages.length > before) return content
  const typeset = deepFreeze(content)
  if (tex.length <= maxCachedLength) cache.set(key, typeset, typesetBytes(key))
  return typeset
}

/** Whether the lookup left any formula for rehype-katex (so it and the store need to run). */
export function mathLeftToTypeset(file: VFile): boolean {
  return (leftToTypeset.get(file) ?? 1) > 0
}

export function rehypeKatexCacheLookup() {
  return function (tree: Root, file: VFile) {
    messagesBefore.set(file, file.messages.length)
    let left = 0
    const wrapped = new Set<string>()
    const copies = new Map<Element, Element>()
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
      const first = !wrapped.has(key)
      const wrapper: Element = {type: 'element', tagName: first ? marker : copyMarker, properties: {dataKey: key}, children: first ? [element] : []}
      if (first) left++
      else copies.set(wrapper, element)
      wrapped.add(key)
      parent.children.splice(index, 1, wrapper)
      return SKIP
    })
    leftToTypeset.set(file, left)
    copiesOf.set(file, copies)
  }
}

export function rehypeKatexCacheStore(options: KatexOptions) {
  const typeset = rehypeKatex(options)
  return function (tree: Root, file: VFile) {
    const before = messagesBefore.get(file) ?? 0
    const store = file.messages.length === before
    const copies = copiesOf.get(file) ?? new Map<Element, Element>()
    const typesetNow = new Map<unknown, ElementContent[]>()
    forEachElement(tree, (element, index, parent) => {
      if (element.tagName !== marker && element.tagName !== copyMarker) return
      const key = element.properties.dataKey
      let content = element.children
      if (element.tagName === marker && store && typeof key === 'string') {
        const frozen = deepFreeze(structuredClone(element.children))
        cache.set(key, frozen, typesetBytes(key))
        typesetNow.set(key, frozen)
      } else if (element.tagName === copyMarker) {
        content = (store && typesetNow.get(key)) || typesetAlone(copies.get(element)!, file, typeset)
      }
      parent.children.splice(index, 1, ...content)
      return index + content.length
    })
    // Copies typeset afterwards raised their messages last: put them back in document order.
    if (!store && copies.size > 0) file.messages.push(...file.messages.splice(before).sort(byPlace))
  }
}

function typesetAlone(formula: Element, file: VFile, typeset: ReturnType<typeof rehypeKatex>): ElementContent[] {
  const root: Root = {type: 'root', children: [formula]}
  typeset(root, file)
  return root.children as ElementContent[]
}

function byPlace(a: {line?: number | null; column?: number | null}, b: {line?: number | null; column?: number | null}): number {
  return (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? Infinity) - (b.column ?? Infinity)
}
