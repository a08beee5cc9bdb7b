/**
 * React takes `style` as an object, so hast-util-to-jsx-runtime parses every
 * `style` string it meets, each time a block renders on the main thread.
 * Highlighted code has one per token, and the same few dozen strings repeat
 * across a document: here each distinct string is parsed once, in the
 * worker, the way the runtime does it (custom properties as written, other
 * names lowercased and camel-cased for the DOM), and the element carries the
 * object, which the runtime passes on. One object per string also travels
 * once per message: structured cloning keeps shared references shared.
 */
import type {Element, ElementContent, RootContent} from 'hast'
import styleToObject from 'style-to-object'

type StyleObject = Record<string, string>

const cache = new Map<string, StyleObject | undefined>()
/** Distinct strings kept; KaTeX's sizes vary, so the cache starts over past this. */
const maxCached = 10_000

/** `value` as React's style object, or `undefined` when it does not parse (the runtime then reports it as before). */
export function styleObject(value: string): StyleObject | undefined {
  if (cache.has(value)) return cache.get(value)
  let result: StyleObject | undefined = {}
  try {
    styleToObject(value, (property, declared) => {
      if (!property || !declared) return
      let name = property
      if (name.slice(0, 2) !== '--') {
        name = name.toLowerCase()
        if (name.slice(0, 4) === '-ms-') name = name.slice(1)
        name = name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
      }
      result![name] = declared
    })
  } catch {
    result = undefined
  }
  if (cache.size >= maxCached) cache.clear()
  cache.set(value, result)
  return result
}

/**
 * Frozen nodes (highlighted lines, typeset formulas) with their style
 * objects: the same copy each time, so code that grows keeps its earlier
 * lines as the same objects, and the update sends only the new ones (see
 * `RenderedBlock.kept`).
 */
const frozenCopies = new WeakMap<Element, Element>()

/**
 * `nodes` with style objects for style strings; unchanged nodes are shared,
 * never changed: the render memo and the pipeline's caches hold them.
 */
export function withStyleObjects<T extends RootContent | ElementContent>(nodes: T[]): T[] {
  let copy: T[] | undefined
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!
    if (node.type !== 'element') continue
    const shown = withStyleObject(node)
    if (shown === node) continue
    copy ??= [...nodes]
    copy[index] = shown as T
  }
  return copy ?? nodes
}

function withStyleObject(node: Element): Element {
  const frozen = Object.isFrozen(node)
  const known = frozen ? frozenCopies.get(node) : undefined
  if (known) return known
  const {style} = node.properties
  const parsed = typeof style === 'string' ? styleObject(style) : undefined
  const children = node.children.length > 0 ? withStyleObjects(node.children) : node.children
  // React's shape, not HAST's: see the module comment.
  const properties = parsed ? {...node.properties, style: parsed as unknown as string} : node.properties
  const shown = !parsed && children === node.children ? node : {...node, properties, children}
  if (frozen) frozenCopies.set(node, shown)
  return shown
}
