/**
 * GitHub-style heading ids: each heading gets `user-content-` plus a slug of
 * its text, unique across the document, and `data-slug` for its `#slug`
 * link (the preview resolves `#slug` to `#user-content-slug`, as GitHub
 * does). Uniqueness depends on every earlier heading, so the display stage
 * numbers slugs in document order, as the place stage numbers footnotes.
 */
import type {Element, ElementContent, RootContent} from 'hast'
import {slug} from 'github-slugger'
import {clobberPrefix} from '../../shared/display.ts'
import {createLru} from '../plugins/lru.ts'

/** Slugs taken so far in a document and the last number each took, as github-slugger counts them. */
export type SlugCounts = Map<string, number>

/** One change to the counts: the key, what it held before (to take the change back) and after (to make it again). */
export type SlugChange = readonly [key: string, before: number | undefined, after: number]

const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const textsCache = new WeakMap<readonly RootContent[], readonly string[]>()
const noTexts: readonly string[] = []

/** Text of each heading in `nodes` that needs an id, in document order (cached per array). */
export function headingTexts(nodes: readonly RootContent[]): readonly string[] {
  let texts = textsCache.get(nodes)
  if (!texts) {
    const found: string[] = []
    visitHeadings(nodes, (heading) => found.push(visibleText(heading)))
    textsCache.set(nodes, (texts = found.length === 0 ? noTexts : found))
  }
  return texts
}

/**
 * Each text's slug before deduplication: a long document's headings are
 * slugged once, not on each update. Counted by length: a heading that
 * streams in makes a new text on each append.
 */
const slugCache = createLru<string>(4 * 1024 * 1024)

function baseSlug(text: string): string {
  let found = slugCache.get(text)
  if (found === undefined) {
    found = slug(text)
    // Two bytes a character, for the text and its slug.
    slugCache.set(text, found, 2 * (text.length + found.length))
  }
  return found
}

/**
 * The unique slug of `text` given `counts`, which it updates, as
 * github-slugger's `BananaSlug.slug` does (a repeat takes `-1`, `-2`…);
 * each change goes to `changes`.
 */
export function uniqueSlug(text: string, counts: SlugCounts, changes: SlugChange[]): string {
  const set = (key: string, value: number) => {
    changes.push([key, counts.get(key), value])
    counts.set(key, value)
  }
  const original = baseSlug(text)
  let result = original
  while (counts.has(result)) {
    const count = counts.get(original)! + 1
    set(original, count)
    result = `${original}-${count}`
  }
  set(result, 0)
  return result
}

/** Undo `changes` (made by `uniqueSlug`) on `counts`, the last first. */
export function takeBack(counts: SlugCounts, changes: readonly SlugChange[]): void {
  for (let index = changes.length - 1; index >= 0; index--) {
    const [key, before] = changes[index]!
    if (before === undefined) counts.delete(key)
    else counts.set(key, before)
  }
}

/** Make `changes` (taken back before) again on `counts`, in order. */
export function redo(counts: SlugCounts, changes: readonly SlugChange[]): void {
  for (const [key, , after] of changes) counts.set(key, after)
}

/** `nodes` with ids from `slugs` on their headings, in order; unchanged nodes are shared, not copied. */
export function withHeadingIds(nodes: RootContent[], slugs: readonly string[]): RootContent[] {
  if (slugs.length === 0) return nodes
  let index = 0
  const rewrite = <T extends RootContent | ElementContent>(node: T): T => {
    if (node.type !== 'element') return node
    if (isSluggable(node)) {
      const slug = slugs[index++]
      return slug === undefined ? node : {...node, properties: {...node.properties, id: clobberPrefix + slug, dataSlug: slug}}
    }
    if (!node.children.some(containsHeading)) return node
    return {...node, children: node.children.map(rewrite)}
  }
  return nodes.map(rewrite)
}

function isSluggable(node: Element): boolean {
  // Headings with an id of their own (the footnotes' label) keep it.
  return headingTags.has(node.tagName) && node.properties.id === undefined
}

function containsHeading(node: ElementContent): boolean {
  return node.type === 'element' && (isSluggable(node) || node.children.some(containsHeading))
}

function visitHeadings(nodes: readonly (RootContent | ElementContent)[], visit: (heading: Element) => void): void {
  for (const child of nodes) if (child.type === 'element') for (const heading of headingsIn(child)) visit(heading)
}

/**
 * The headings that need an id in `node`, itself included, in order. Kept
 * per element: code that grows keeps its earlier lines' elements, so a
 * block rendered again on each append is walked only where it is new.
 */
const headingsCache = new WeakMap<Element, readonly Element[]>()
const noHeadings: readonly Element[] = []

function headingsIn(node: Element): readonly Element[] {
  if (isSluggable(node)) return [node]
  // A paragraph holds only phrasing content: the HTML parser closes it before a heading.
  if (node.tagName === 'p') return noHeadings
  // Highlighted code holds only lines of tokens. Shiki names its classes
  // `class`; the sanitizer lets no `class` through from a document.
  if (typeof node.properties.class === 'string') return noHeadings
  // Leaves (a token's span, a word's) are cheaper to look at than to remember.
  if (!node.children.some((child) => child.type === 'element')) return noHeadings
  let found = headingsCache.get(node)
  if (!found) {
    const within: Element[] = []
    // One by one: a spread of a long list's headings would overflow the stack.
    for (const child of node.children) if (child.type === 'element') for (const heading of headingsIn(child)) within.push(heading)
    headingsCache.set(node, (found = within.length === 0 ? noHeadings : within))
  }
  return found
}

/** Text a reader sees: KaTeX's `aria-hidden` copy of each formula is skipped. */
function visibleText(node: Element): string {
  if (String(node.properties.ariaHidden) === 'true') return ''
  return node.children.map((child) => (child.type === 'element' ? visibleText(child) : child.type === 'text' ? child.value : '')).join('')
}
