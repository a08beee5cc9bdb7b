/**
 * The complete lines of the code last highlighted in each language, and the
 * grammar's state after them: code that grows at its end is tokenized from
 * there on, not from its start.
 */
import type {CodeToHastOptions, HighlighterCore} from '@shikijs/core'
import type {Element, ElementContent, Root} from 'hast'
import {startsWithText} from '../shared/text-change.ts'
import {asOneByte, isLatin1} from './one-byte.ts'
import {deepFreeze} from './plugins/frozen.ts'
import {createLru} from './plugins/lru.ts'

/**
 * Estimated bytes of highlighted code per character of source, its key
 * included: a span per token, each with its two themes' colours (measured
 * in Node after GC on the reply generator's code, then rounded up).
 */
export const highlightedBytesPerChar = 128

type GrammarState = NonNullable<ReturnType<HighlighterCore['getLastGrammarState']>>

/** The complete lines of the last code highlighted in a language, and the grammar's state after them. */
export interface Prefix {
  source: string
  /** `<span class="line">` elements and the line endings between them. */
  lines: ElementContent[]
  state: GrammarState
}

/**
 * Per language: code that streams in grows at its end, so the next block in
 * that language most often starts with the same complete lines. Those are
 * not tokenized again: Shiki continues from the grammar's state after them
 * (tests/workers/highlighter.test.ts checks the result is the same).
 */
const prefixes = createLru<Prefix>(16 * 1024 * 1024)

/**
 * The highlighted lines of `complete` (whole lines, no final line ending),
 * continuing from the lines last highlighted in `lang`; `options` are
 * Shiki's, as the worker highlights (`shikiOptions`).
 */
export function prefixOf(shiki: HighlighterCore, complete: string, lang: string, options: CodeToHastOptions): Prefix | undefined {
  let prefix = prefixes.get(lang)
  const continues =
    prefix !== undefined &&
    startsWithText(complete, prefix.source) &&
    (complete.length === prefix.source.length || complete.charCodeAt(prefix.source.length) === 10)
  if (!continues) prefix = undefined
  else if (complete.length === prefix!.source.length) return prefix
  let from = prefix ? prefix.source.length + 1 : 0
  for (const end of runEnds(complete, from)) {
    const root = shiki.codeToHast(asOneByte(complete.slice(from, end)), prefix ? {...options, grammarState: prefix.state} : options)
    prefix = toPrefix(shiki, complete.slice(0, end), root, prefix ? [...prefix.lines, {type: 'text', value: '\n'}] : [])
    if (!prefix) return undefined
    from = end + 1
  }
  prefixes.set(lang, prefix!, prefix!.source.length * highlightedBytesPerChar)
  return prefix
}

/**
 * Where the runs of lines of `text` from `from` end: one run when all of it
 * is Latin-1, else a run wherever that changes, so that the lines without
 * a wider character are tokenized one byte per character (see one-byte.ts).
 */
function runEnds(text: string, from: number): number[] {
  if (isLatin1(text.slice(from))) return [text.length]
  const ends: number[] = []
  let latin1: boolean | undefined
  for (let start = from; start <= text.length; ) {
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    const line = isLatin1(text.slice(start, end))
    if (latin1 !== undefined && line !== latin1) ends.push(start - 1)
    latin1 = line
    start = end + 1
  }
  ends.push(text.length)
  return ends
}

/** A prefix of `source` from its highlighted `root`, after `before` (lines highlighted earlier); undefined without a grammar state. */
function toPrefix(shiki: HighlighterCore, source: string, root: Root, before: ElementContent[]): Prefix | undefined {
  const state = shiki.getLastGrammarState(root)
  const code = codeOf(root)
  if (!state || !code) return undefined
  // Frozen: the lines go into every later highlight of code that starts with them.
  return {source, lines: deepFreeze([...before, ...code.children]), state}
}

/** The `<code>` inside the `<pre>` Shiki returns. */
export function codeOf(root: Root): Element | undefined {
  const pre = root.children[0]
  const code = pre?.type === 'element' ? pre.children[0] : undefined
  return code?.type === 'element' && code.tagName === 'code' ? code : undefined
}

/**
 * Highlight more of `complete` (see `prefixOf`), some lines at a time, until
 * `deadline` (a `performance.now()` time): true once all of it is.
 */
export function prefixAhead(shiki: HighlighterCore, complete: string, lang: string, options: CodeToHastOptions, deadline: number): boolean {
  while (performance.now() < deadline) {
    const done = prefixes.get(lang)?.source
    let end = done !== undefined && startsWithText(complete, done) ? done.length : 0
    if (end === complete.length) return true
    for (let lines = 0; lines < linesAtOnce && end !== -1; lines++) end = complete.indexOf('\n', end + 1)
    if (!prefixOf(shiki, end === -1 ? complete : complete.slice(0, end), lang, options)) return true
  }
  return false
}

/** Lines tokenized together by `prefixAhead`: few enough that a slice ends near its deadline. */
const linesAtOnce = 4
