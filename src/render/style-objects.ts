/**
 * React takes `style` as an object, so hast-util-to-jsx-runtime parses every
 * `style` string it meets, each time a block renders. Highlighted code has
 * one per token, and the same few dozen strings repeat across a document:
 * parsing them was a fifth of the main thread's time when a large document
 * opened. Here each distinct string is parsed once, the way the runtime does
 * (custom properties as written, other names lowercased and camel-cased for
 * the DOM), and the element gets the object, which the runtime passes on.
 */
import type {Element, Root, RootContent} from 'hast'
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
 * Give the elements of `tree` their style objects, in place. The tree is
 * most often the preview's own copy of a block (the worker's message):
 * nothing else reads `style` from it, and a second call finds objects and
 * leaves them. A tree rendered in this thread (the benchmark's main-thread
 * mode) shares frozen parts with the pipeline's caches: those are copied,
 * not changed.
 */
export function withStyleObjects(tree: Root): Root {
  const walk = (nodes: Array<RootContent | Element['children'][number]>): typeof nodes => {
    let copy: typeof nodes | undefined
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index]!
      if (node.type !== 'element') continue
      let element = node
      const style = node.properties.style
      const parsed = typeof style === 'string' ? styleObject(style) : undefined
      if (parsed) {
        // React's shape, not HAST's: see the module comment.
        if (Object.isFrozen(node.properties)) element = {...node, properties: {...node.properties, style: parsed as unknown as string}}
        else node.properties.style = parsed as unknown as string
      }
      if (node.children.length > 0) {
        const children = walk(node.children) as Element['children']
        if (children !== node.children) {
          if (element === node && Object.isFrozen(node)) element = {...node}
          element.children = children
        }
      }
      if (element !== node) {
        copy ??= Object.isFrozen(nodes) ? [...nodes] : nodes
        copy[index] = element
      }
    }
    return copy ?? nodes
  }
  tree.children = walk(tree.children) as Root['children']
  return tree
}
