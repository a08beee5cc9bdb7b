/**
 * Highlight `<pre><code class="language-x">` with Shiki, loading each
 * grammar on first use. Unknown languages stay plain and get a message.
 */
import type {Element, ElementContent, Root} from 'hast'
import {toString} from 'hast-util-to-string'
import {visit} from 'unist-util-visit'
import type {VFile} from 'vfile'
import {getHighlighter, loadLanguage, maxHighlightedCodeLength, maxHighlightedLineLength, resolveLanguage, themes} from '../highlighter.ts'
import {createLru} from './lru.ts'

/** Highlighted code by language and source (code up to `maxCachedLength`). */
const cache = createLru<Pick<Element, 'properties' | 'children'>>(500)
const maxCachedLength = 20_000

interface Block {
  pre: Element
  code: Element
  language: string
}

export default function rehypeShiki() {
  return async function (tree: Root, file: VFile) {
    const blocks: Block[] = []
    visit(tree, 'element', (pre) => {
      if (pre.tagName !== 'pre') return
      const code = pre.children[0]
      if (!code || code.type !== 'element' || code.tagName !== 'code') return
      const language = languageOf(code)
      if (language) blocks.push({pre, code, language})
    })
    if (blocks.length === 0) return

    const wanted = new Map<Block, string>()
    for (const block of blocks) {
      block.pre.properties.dataLanguage = block.language
      const id = resolveLanguage(block.language)
      if (id) {
        wanted.set(block, id)
      } else {
        file.message(`Unknown language \`${block.language}\`; the code is shown plain`, {
          place: block.pre.position,
          ruleId: 'unknown-language',
          source: 'offthread',
        })
      }
    }
    await Promise.all([...new Set(wanted.values())].map(loadLanguage))
    const shiki = await getHighlighter()

    for (const [block, lang] of wanted) {
      const source = toString(block.code)
      if (source.length > maxHighlightedCodeLength) {
        file.message(`Code block of ${source.length} characters is over ${maxHighlightedCodeLength}; shown plain`, {
          place: block.pre.position,
          ruleId: 'code-too-large',
          source: 'offthread',
        })
        continue
      }
      const key = block.language + '\u0000' + lang + '\u0000' + source
      const cached = source.length <= maxCachedLength ? cache.get(key) : undefined
      if (cached) {
        Object.assign(block.pre, structuredClone(cached))
        continue
      }
      // Fenced code ends with one line ending that is not part of the code.
      const root = shiki.codeToHast(source.replace(/\n$/, ''), {
        lang,
        themes,
        defaultColor: false,
        // Shiki stops tokenizing a line after 500 ms by default, so a busy
        // machine would get different colours; the output must not depend
        // on timing. Very long lines are skipped instead, which is stable.
        tokenizeTimeLimit: 0,
        tokenizeMaxLineLength: maxHighlightedLineLength,
      })
      const highlighted = root.children[0]
      if (!highlighted || highlighted.type !== 'element') continue
      highlighted.properties.dataLanguage = block.language
      const result = {properties: highlighted.properties, children: highlighted.children as ElementContent[]}
      if (source.length <= maxCachedLength) cache.set(key, structuredClone(result))
      Object.assign(block.pre, result)
    }
  }
}

function languageOf(code: Element): string | undefined {
  const classes = code.properties.className
  if (!Array.isArray(classes)) return undefined
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice('language-'.length)
  }
  return undefined
}
