/**
 * Highlight `<pre><code class="language-x">` with Shiki, loading each
 * grammar on first use. Unknown languages stay plain and get a message.
 * A line is highlighted once it is complete: the last line of a fence still
 * open at the very end of the text (code that streams in) stays plain until
 * its line ending comes, so each append does not tokenize it again.
 */
import type {Element, ElementContent, Root} from 'hast'
import type {HighlighterCore} from '@shikijs/core'
import {toString} from 'hast-util-to-string'
import type {VFile} from 'vfile'
import {codeOf, highlightedBytesPerChar, prefixOf} from '../code-prefixes.ts'
import {asOneByte} from '../one-byte.ts'
import {getHighlighter, loadLanguage, markWarm, maxHighlightedCodeLength, notePlainCode, plainMark, resolveLanguage, shikiOptions} from '../highlighter.ts'
import {fenceClosed} from './rehype-fence-open.ts'
import {deepFreeze} from './frozen.ts'
import {createLru} from './lru.ts'
import {forEachElement} from './walk.ts'

/**
 * Highlighted code by language and source (code up to `maxCachedLength`), up
 * to `cacheBytes`: sized so that the code of a 1 MB model-like reply fits,
 * and a whole render of it again highlights nothing.
 */
const cacheBytes = 64 * 1024 * 1024
const cache = createLru<Pick<Element, 'properties' | 'children'>>(cacheBytes)
const maxCachedLength = 20_000

interface Block {
  pre: Element
  /** The text of its `<code>`. */
  source: string
  language: string
  /** The last line is still being written: the fence is open and the text ends in that line. */
  unfinished: boolean
}

export default function rehypeShiki() {
  return async function (tree: Root, file: VFile) {
    const blocks: Block[] = []
    const text = String(file.value)
    forEachElement(tree, (pre) => {
      if (pre.tagName !== 'pre') return
      const code = pre.children[0]
      if (code?.type !== 'element' || code.tagName !== 'code') return
      const language = languageOf(code)
      if (language?.startsWith(plainMark)) showPlain(pre, code, language.slice(plainMark.length))
      else if (language) blocks.push({pre, source: toString(code), language, unfinished: endsUnfinished(pre, text)})
    })
    if (blocks.length === 0) return

    const wanted = new Map<Block, string>()
    const grammars = new Set<string>()
    for (const block of blocks) {
      block.pre.properties.dataLanguage = block.language
      const id = resolveLanguage(block.language)
      if (id) {
        wanted.set(block, id)
        if (needsGrammar(block.source)) grammars.add(id)
      } else {
        file.message(`Unknown language \`${block.language}\`; the code is shown plain`, {
          place: block.pre.position,
          ruleId: 'unknown-language',
          source: 'offthread',
        })
      }
    }
    await Promise.all([...grammars].map(loadLanguage))
    const shiki = await getHighlighter()

    for (const [block, lang] of wanted) {
      const {source} = block
      if (source.length > maxHighlightedCodeLength) {
        file.message(`Code block of ${source.length} characters is over ${maxHighlightedCodeLength}; shown plain`, {
          place: block.pre.position,
          ruleId: 'code-too-large',
          source: 'offthread',
        })
        continue
      }
      const result = highlightSource(shiki, block.language, lang, source, block.unfinished)
      if (result) Object.assign(block.pre, result)
    }
  }
}

/** Code marked to show plain while its grammar is compiled (see `plainWhileCompiling`): as it is, in its language. */
function showPlain(pre: Element, code: Element, language: string): void {
  code.properties.className = [`language-${language}`]
  pre.properties.dataLanguage = language
  const id = resolveLanguage(language)
  if (id) notePlainCode(id, toString(code))
}

/** Whether `pre` is a fence still open that ends `text` in the middle of a line. */
function endsUnfinished(pre: Element, text: string): boolean {
  const {start, end} = pre.position ?? {}
  if (start?.offset === undefined || end?.offset !== text.length || /[\n\r]$/.test(text)) return false
  return !fenceClosed(text.slice(start.offset))
}

/**
 * The `<pre>`'s properties and children for `source` (the text of a
 * `<code class="language-…">`, ending with a line ending) in `language`, as
 * this plugin makes them, its last line plain if `unfinished`; `undefined`
 * for an unknown language, or code over the size limit (the plugin then
 * leaves it plain with a message).
 */
export async function highlightCode(language: string, source: string, unfinished: boolean): Promise<Pick<Element, 'properties' | 'children'> | undefined> {
  const lang = resolveLanguage(language)
  if (!lang || source.length > maxHighlightedCodeLength) return undefined
  if (needsGrammar(source)) await loadLanguage(lang)
  return highlightSource(await getHighlighter(), language, lang, source, unfinished)
}

function highlightSource(
  shiki: HighlighterCore,
  language: string,
  lang: string,
  source: string,
  unfinished: boolean,
): Pick<Element, 'properties' | 'children'> | undefined {
  if (!needsGrammar(source)) return noCode(shiki, language)
  // Code whose last line is unfinished is code streaming in: the next append
  // changes it, so it is neither looked up nor kept (each append would add a
  // near-copy); its complete lines are kept per language instead (code-prefixes.ts).
  const cacheable = !unfinished && source.length <= maxCachedLength
  const key = cacheable ? language + '\u0000' + lang + '\u0000' + source : ''
  const cached = cacheable ? cache.get(key) : undefined
  if (cached) {
    // The children are frozen and shared; the properties are the block's own.
    return {properties: {...cached.properties}, children: cached.children}
  }
  // Fenced code ends with one line ending that is not part of the code.
  const root = highlight(shiki, source.endsWith('\n') ? source.slice(0, -1) : source, lang, unfinished)
  markWarm(lang)
  const highlighted = root.children[0]
  if (highlighted?.type !== 'element') return undefined
  highlighted.properties.dataLanguage = language
  // Frozen in place rather than copied: the lines from a prefix are frozen already, so code
  // that streams in freezes only its new lines on each append.
  const result = {properties: highlighted.properties, children: deepFreeze(highlighted.children as ElementContent[])}
  if (cacheable) cache.set(key, {properties: {...result.properties}, children: result.children}, source.length * highlightedBytesPerChar)
  return result
}

/**
 * `code` highlighted as a `<pre>` in a root, tokenizing only what follows
 * the complete lines last highlighted in `lang`; its last line plain if
 * `unfinished`.
 */
function highlight(shiki: HighlighterCore, code: string, lang: string, unfinished: boolean): Root {
  const options = shikiOptions(lang)
  const lastLine = code.lastIndexOf('\n') + 1
  // The complete lines: all of finished code, so that code streaming in
  // whose text ended with a line ending goes on from its last line, rather
  // than tokenizing that line again on the next append.
  const complete = !unfinished ? code : lastLine > 0 ? code.slice(0, lastLine - 1) : undefined
  const prefix = complete === undefined ? undefined : prefixOf(shiki, complete, lang, options)
  const root = emptyCode(shiki, lang)
  const target = codeOf(root)
  if ((complete !== undefined && !prefix) || !target) return shiki.codeToHast(asOneByte(code), options)
  // Frozen here, the new line only: the prefix's lines are frozen already,
  // and `highlightSource` would otherwise walk them all on every append.
  if (!unfinished) {
    target.children = prefix!.lines
    return root
  }
  const tail = code.slice(lastLine)
  const plain = deepFreeze<ElementContent>({type: 'element', tagName: 'span', properties: {class: 'line'}, children: tail ? [{type: 'text', value: tail}] : []})
  target.children = Object.freeze(prefix ? [...prefix.lines, deepFreeze<ElementContent>({type: 'text', value: '\n'}), plain] : [plain]) as ElementContent[]
  return root
}

/**
 * Whether fenced code `source` (ending with a line ending, if it has lines)
 * needs its grammar: code with no line yet is the same in every grammar. A
 * fence's opening line streaming in names no grammar for sure: `typ`, on its
 * way to `typescript`, is Typst's.
 */
function needsGrammar(source: string): boolean {
  return source !== '' && source !== '\n'
}

/** The `<pre>`'s properties and children for code with no line, as every grammar makes them: one empty line. */
function noCode(shiki: HighlighterCore, language: string): Pick<Element, 'properties' | 'children'> {
  const root = emptyCode(shiki, 'text')
  const pre = root.children[0] as Element
  codeOf(root)!.children = [{type: 'element', tagName: 'span', properties: {class: 'line'}, children: []}]
  pre.properties.dataLanguage = language
  return {properties: pre.properties, children: pre.children}
}

/** Shiki's `<pre>` of no code, by language: what an unfinished line goes into, made once rather than on every append. */
const empty = new Map<string, Element>()

/** Shiki's root for empty code in `lang`: a fresh `<pre>` and `<code>`, whose properties and children the caller sets. */
function emptyCode(shiki: HighlighterCore, lang: string): Root {
  let pre = empty.get(lang)
  if (!pre) {
    const made = shiki.codeToHast('', shikiOptions(lang)).children[0]
    if (made?.type !== 'element') return shiki.codeToHast('', shikiOptions(lang))
    empty.set(lang, (pre = made))
  }
  const code: Element = {type: 'element', tagName: 'code', properties: {}, children: []}
  return {type: 'root', children: [{...pre, properties: {...pre.properties}, children: [code]}]}
}

function languageOf(code: Element): string | undefined {
  const classes = code.properties.className
  if (!Array.isArray(classes)) return undefined
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice('language-'.length)
  }
  return undefined
}
