/**
 * GitHub-style heading ids: each heading gets `user-content-` plus a slug of
 * its text, unique across the document, and a link to `#slug` (the preview
 * resolves `#slug` to `#user-content-slug`, as GitHub does).
 */
import type {Element, ElementContent, Root, RootContent} from 'hast'
import GithubSlugger from 'github-slugger'

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

/** Slugs for the headings of each block, deduplicated in document order like GitHub's. */
export function headingSlugs(blocks: readonly Root[]): string[][] {
  const slugger = new GithubSlugger()
  return blocks.map((block) => headingTexts(block).map((text) => slugger.slug(text)))
}

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
