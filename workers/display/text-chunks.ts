/**
 * A paragraph is laid out whole: the browser breaks all of its lines in one
 * go, so a paragraph of hundreds of kilobytes (a pasted log on one line, a
 * run of one character) is one long frame of layout. Cut into chunks of a
 * few thousand characters, each an inline block as wide as the paragraph
 * with `content-visibility: auto` (see `.text-chunk` in app.css), only the
 * chunks on screen are laid out. An inline element counts as
 * `elementWeight` characters more than its text, so a paragraph of links or
 * footnote references is cut into chunks of a few dozen.
 *
 * Presentation only, as with long code (code-chunks.ts): the text is the
 * same, each chunk starts on a new line (at a space where there is one near
 * the cut), and paragraphs shorter than `minTextToChunk` stay as they are.
 * A cut paragraph is marked `data-text-chunks`; its chunks mount a few at a
 * time (`Paragraph` in src/render/components.tsx).
 */
import type {Element, ElementContent, Root, RootContent} from 'hast'

/** Characters of text per chunk, about. */
export const textChunkChars = 5000
/** Paragraphs that weigh less stay whole. */
export const minTextToChunk = 2 * textChunkChars
/** How far back from a cut to look for a space to cut at. */
const spaceWindow = 400
/**
 * What an inline element weighs, in characters, on top of its text: each is
 * a box to style, lay out and paint, so a paragraph of many references
 * needs smaller chunks than its text alone would make (see the benchmark's
 * hostile corpus).
 */
export const elementWeight = 40
/** For the height a chunk has before it is first laid out. */
const charsPerLine = 80

/** `tree` with its long top-level paragraphs cut into chunks (the same tree if none is long). */
export function chunkLongParagraphs(tree: Root): Root {
  let changed = false
  const children = tree.children.map((node): RootContent => {
    if (node.type !== 'element' || node.tagName !== 'p' || paragraphWeight(node.children, minTextToChunk) < minTextToChunk) return node
    changed = true
    return {...node, properties: {...node.properties, dataTextChunks: true}, children: chunkInline(node.children)}
  })
  return changed ? {...tree, children} : tree
}

/** `children` cut into chunks of about `textChunkChars` (elements weighted, see `elementWeight`): text is cut, elements are kept whole. */
export function chunkInline(children: readonly ElementContent[]): Element[] {
  const chunks: Element[] = []
  let current: ElementContent[] = []
  let size = 0
  let chars = 0
  const flush = () => {
    if (current.length > 0) chunks.push(chunk(current, chars))
    current = []
    size = 0
    chars = 0
  }
  for (const child of children) {
    if (child.type !== 'text') {
      const weight = weightOf(child)
      if (size > 0 && size + weight > textChunkChars) {
        // The word the element is part of ("Note" of "Note[^1]") goes with it.
        const word = takeTrailingWord(current)
        flush()
        if (word) {
          current.push(word)
          size += word.value.length
          chars += word.value.length
        }
      }
      current.push(child)
      size += weight
      chars += weightOf(child, Infinity, 0)
      continue
    }
    let value = child.value
    // An element may have taken the chunk past its size: start the next one.
    if (size >= textChunkChars) flush()
    while (size + value.length > textChunkChars) {
      const cut = cutAt(value, textChunkChars - size)
      current.push({type: 'text', value: value.slice(0, cut)})
      size += cut
      chars += cut
      flush()
      value = value.slice(cut)
    }
    if (value) {
      current.push({type: 'text', value})
      size += value.length
      chars += value.length
    }
  }
  flush()
  return chunks
}

/** Take the word at the end of `nodes` off it, if they end in a text node with a space before that word. */
function takeTrailingWord(nodes: ElementContent[]): {type: 'text'; value: string} | undefined {
  const last = nodes.at(-1)
  if (last?.type !== 'text') return undefined
  const start = last.value.search(/\S+$/)
  if (start <= 0 || !/\s/.test(last.value[start - 1]!)) return undefined
  nodes[nodes.length - 1] = {type: 'text', value: last.value.slice(0, start)}
  return {type: 'text', value: last.value.slice(start)}
}

/** Where to cut `value` to take at most `room` characters (at least one): after a space near the end if there is one. */
function cutAt(value: string, room: number): number {
  const space = value.lastIndexOf(' ', room - 1)
  if (space >= 0 && space >= room - spaceWindow) return space + 1
  let cut = Math.max(1, room)
  // Not between the halves of a surrogate pair.
  const code = value.charCodeAt(cut - 1)
  if (code >= 0xd800 && code <= 0xdbff && cut > 1) cut--
  return cut
}

function chunk(children: ElementContent[], chars: number): Element {
  const lines = Math.max(1, Math.ceil(chars / charsPerLine))
  return {type: 'element', tagName: 'span', properties: {className: ['text-chunk'], style: `--text-chunk-lines: ${lines}`}, children}
}

/** Characters of text in `node`, and `perElement` for it and each element in it if it is one; counting stopped once past `limit`. */
function weightOf(node: ElementContent, limit = Infinity, perElement = elementWeight): number {
  if (node.type === 'text') return node.value.length
  if (node.type !== 'element') return 0
  return perElement + weightOfAll(node.children, limit - perElement, perElement)
}

/**
 * The weights of paragraphs' elements, by element: a paragraph that streams
 * in is weighed on every append, and keeps its earlier elements (a formula
 * is hundreds of spans). Rendered nodes are never changed, so a weight holds.
 */
const weights = new WeakMap<Element, number>()

/** The weight of `nodes`, a paragraph's children (see `weightOf`), counting stopped once past `limit`. */
function paragraphWeight(nodes: readonly ElementContent[], limit: number): number {
  let weight = 0
  for (const node of nodes) {
    if (node.type === 'element') {
      let known = weights.get(node)
      if (known === undefined) weights.set(node, (known = weightOf(node)))
      weight += known
    } else weight += weightOf(node)
    if (weight >= limit) break
  }
  return weight
}

/** The weight of `nodes` (see `weightOf`), counting stopped once past `limit`. */
function weightOfAll(nodes: readonly ElementContent[], limit = Infinity, perElement = elementWeight): number {
  let weight = 0
  for (const node of nodes) {
    weight += weightOf(node, limit - weight, perElement)
    if (weight >= limit) break
  }
  return weight
}
