/**
 * GitHub-style heading ids: each heading gets `user-content-` plus a slug of
 * its text, unique across the document, and a link to `#slug` (the preview
 * resolves `#slug` to `#user-content-slug`, as GitHub does).
 */
import type {Element, ElementContent, Root, RootContent} from 'hast'
import {slug} from 'github-slugger'

/** Prefix the sanitizer puts on every id in user content. */
export const clobberPrefix = 'user-content-'

const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const textsCache = new WeakMap<Root, readonly string[]>()

/** Text of each heading in `root` that needs an id, in document order (cached per tree). */
export function headingTexts(root: Root): readonly string[] {
  let texts = textsCache.get(root)
  if (!texts) {
    const found: string[] = []
    visitHeadings(root, (heading) => found.push(visibleText(heading)))
    textsCache.set(root, (texts = found))
  }
  return texts
}

/** Each text's slug before deduplication, kept across updates: a long document's thousand headings are slugged once. */
const slugCache = new Map<string, string>()

/** `slug(text)`, cached. */
function baseSlug(text: string): string {
  let found = slugCache.get(text)
  if (found === undefined) {
    if (slugCache.size > 10_000) slugCache.clear()
    slugCache.set(text, (found = slug(text)))
  }
  return found
}

/**
 * Slugs for the headings of each block, deduplicated in document order like
 * GitHub's (`github-slugger`'s `BananaSlug.slug`: a repeat takes `-1`, `-2`…).
 */
export function headingSlugs(blocks: readonly Root[]): (readonly string[])[] {
  const occurrences = new Map<string, number>()
  const unique = (text: string) => {
    const original = baseSlug(text)
    let result = original
    while (occurrences.has(result)) {
      const count = occurrences.get(original)! + 1
      occurrences.set(original, count)
      result = `${original}-${count}`
    }
    occurrences.set(result, 0)
    return result
  }
  return blocks.map((block) => {
    const texts = headingTexts(block)
    return texts.length === 0 ? noSlugs : texts.map(unique)
  })
}

const noSlugs: readonly string[] = []

/** `root` with `user-content-<slug>` ids on its headings; unchanged nodes are shared, not copied. */
export function withHeadingIds(root: Root, slugs: readonly string[]): Root {
  if (slugs.length === 0) return root
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
  return {...root, children: root.children.map(rewrite)}
}

function isSluggable(node: Element): boolean {
  // Headings with an id of their own (the footnotes' label) keep it.
  return headingTags.has(node.tagName) && node.properties.id === undefined
}

function containsHeading(node: ElementContent): boolean {
  return node.type === 'element' && (isSluggable(node) || node.children.some(containsHeading))
}

function visitHeadings(node: Root | Element, visit: (heading: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    if (isSluggable(child)) visit(child)
    else visitHeadings(child, visit)
  }
}

/** Text a reader sees: KaTeX's `aria-hidden` copy of each formula is skipped. */
function visibleText(node: Element): string {
  if (String(node.properties.ariaHidden) === 'true') return ''
  return node.children
    .map((child) => (child.type === 'element' ? visibleText(child) : child.type === 'text' ? child.value : ''))
    .join('')
}
