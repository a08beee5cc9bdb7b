/**
 * rehype-raw, run only when the source can hold raw HTML.
 *
 * rehype-raw sends the whole tree through parse5 even when there is no raw
 * HTML in it, which is a good part of the cost of rendering a short block.
 * Without a `<` in the source there is no raw HTML, and the tree that
 * remark-rehype makes is already what parse5 would build, with two
 * exceptions, found by comparing both ways over the test corpus (see
 * tests/workers/skipped-plugins.test.ts):
 * - footnotes: parse5 turns `dataFootnoteRef: true` and `dataFootnotes:
 *   true` into `''` (done here by hand), and splits a link whose text holds
 *   a footnote reference, an `<a>` in an `<a>` (then rehype-raw runs);
 * - a `<pre>` start tag makes parse5 drop a line feed at the start of the
 *   next text, even inside `<code>`: a fenced code block, display math or
 *   front matter shown as code whose first line is blank loses it. That is
 *   done here by hand.
 */
import type {Element, Root} from 'hast'
import rehypeRaw from 'rehype-raw'
import type {Processor} from 'unified'
import type {VFile} from 'vfile'
import {forEachElement, SKIP} from './walk.ts'

export interface Options {
  /** Run rehype-raw on every tree (to compare against). */
  always?: boolean
}

export default function rehypeRawWhenNeeded(this: Processor, options: Options = {}) {
  const raw = rehypeRaw.call(this) as (tree: Root, file: VFile) => Root
  return function (tree: Root, file: VFile) {
    const source = String(file.value)
    if (options.always || source.includes('<')) return raw(tree, file)
    if (source.includes('[^') && !footnotesAsParsed(tree)) return raw(tree, file)
    // Fenced code, display math and front matter shown as YAML are the `<pre>`s whose text can start with one.
    if (source.includes('```') || source.includes('~~~') || source.includes('$$') || source.startsWith('---')) dropPreLineFeeds(tree)
  }
}

function dropPreLineFeeds(tree: Root) {
  forEachElement(tree, (pre: Element) => {
    if (pre.tagName !== 'pre') return
    const code = pre.children[0]
    const text = code?.type === 'element' ? code.children[0] : undefined
    if (text?.type === 'text' && text.value.startsWith('\n')) text.value = text.value.slice(1)
  })
}

/**
 * Give the footnote elements the attribute values parse5 gives them; false,
 * changing nothing, when a link holds another (which parse5 would split).
 */
function footnotesAsParsed(tree: Root): boolean {
  const marked: Element[] = []
  let nested = false
  forEachElement(tree, (element) => {
    if (element.properties.dataFootnoteRef === true || element.properties.dataFootnotes === true) marked.push(element)
    if (element.tagName !== 'a') return
    forEachElement(element, (inner) => {
      if (inner.tagName === 'a') nested = true
    })
    return SKIP
  })
  if (nested) return false
  for (const element of marked) {
    if (element.properties.dataFootnoteRef === true) element.properties.dataFootnoteRef = ''
    if (element.properties.dataFootnotes === true) element.properties.dataFootnotes = ''
  }
  return true
}
