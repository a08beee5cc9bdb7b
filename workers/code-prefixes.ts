/**
 * The complete lines of the code last highlighted in each language, and the
 * grammar's state after them and at every few lines: code that grows at its
 * end is tokenized from there on, and code edited in the middle from just
 * before the edit to where it is the same again, not from its start.
 */
import type {CodeToHastOptions, HighlighterCore} from '@shikijs/core'
import type {Element, ElementContent, Root} from 'hast'
import {editBetween, startsWithText, type Edit} from '../shared/text-change.ts'
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
  /** The grammar's state before every `markEvery`-th line: where an edit inside the code is tokenized from. */
  marks: readonly Mark[]
}

/** The grammar's state before line `line` (counted from 0), which starts at `at`. */
interface Mark {
  line: number
  at: number
  state: GrammarState
}

/** Lines between marks: an edit tokenizes this many lines, from the mark before it to the one after. */
const markEvery = 4

/**
 * Per language, the blocks last highlighted in it: code that streams in grows
 * at its end, and code being edited changes in one place, so a block most
 * often shares lines with one of them. Those are not tokenized again: Shiki
 * continues from the grammar's state after the lines before the change, and
 * the lines after it are kept once the grammar's state there is the same
 * again (tests/workers/highlighter.test.ts checks the result is the same).
 */
const prefixes = createLru<readonly Prefix[]>(16 * 1024 * 1024)

/** Blocks kept per language: a document's few blocks in one language each keep theirs. */
const perLanguage = 4

/** Where tokenizing goes on from: the lines before line `line` (at `at`), and the state there. */
interface Resume {
  line: number
  at: number
  state: GrammarState | undefined
  lines: ElementContent[]
  marks: Mark[]
}

const fromStart = (): Resume => ({line: 0, at: 0, state: undefined, lines: [], marks: []})

/**
 * The highlighted lines of `complete` (whole lines, no final line ending),
 * going on from the lines it shares with a block last highlighted in `lang`;
 * `options` are Shiki's, as the worker highlights (`shikiOptions`).
 */
export function prefixOf(shiki: HighlighterCore, complete: string, lang: string, options: CodeToHastOptions): Prefix | undefined {
  const kept = prefixes.get(lang) ?? []
  const same = kept.find((prefix) => prefix.source === complete)
  if (same) return same
  const near = closest(kept, complete)
  // Code that shares most of its text with a block kept is that block grown or
  // edited: it is tokenized a few lines at a time, leaving marks for the next
  // edit. Other code is tokenized whole (each call to Shiki has a cost).
  const edited = near && 2 * near.shared >= complete.length ? near : undefined
  let resume = edited ? resumeAt(edited.last, complete, edited.edit.from) : fromStart()
  while (true) {
    const end = chunkEnd(complete, resume, edited !== undefined)
    const root = shiki.codeToHast(asOneByte(complete.slice(resume.at, end.at)), resume.state ? {...options, grammarState: resume.state} : options)
    const state = shiki.getLastGrammarState(root)
    const code = codeOf(root)
    if (!state || !code) return undefined
    resume.lines.push(...code.children)
    if (end.line % markEvery === 0) resume.marks.push({line: end.line, at: end.at + 1, state})
    const finished = end.at === complete.length ? {source: complete, lines: resume.lines, state, marks: resume.marks} : undefined
    const joined = finished || !edited ? undefined : sameAfter(edited.last, complete, edited.edit, end, state, resume)
    const done = finished ?? joined
    if (done) {
      // Frozen: the lines go into every later highlight of code that shares them.
      deepFreeze(done.lines)
      // The block this one was made from is this one now; an unrelated one is kept beside it.
      keep(lang, [done, ...kept.filter((prefix) => prefix !== edited?.last)])
      return done
    }
    resume.lines.push({type: 'text', value: '\n'})
    resume = {line: end.line, at: end.at + 1, state, lines: resume.lines, marks: resume.marks}
  }
}

/** Keep `list` (the newest first) for `lang`, counted by the code it holds. */
function keep(lang: string, list: readonly Prefix[]): void {
  const kept = list.slice(0, perLanguage)
  prefixes.set(lang, kept, kept.reduce((sum, prefix) => sum + prefix.source.length, 0) * highlightedBytesPerChar)
}

/**
 * Of the blocks `kept`, the one `complete` shares most with: the edit from
 * it, and how many of its characters may need no tokenizing again (those
 * before the mark it goes on from, and those after the edit).
 */
function closest(kept: readonly Prefix[], complete: string): {last: Prefix; edit: Edit; shared: number} | undefined {
  let best: {last: Prefix; edit: Edit; shared: number} | undefined
  for (const last of kept) {
    const edit = editBetween(last.source, complete)
    const shared = resumePoint(last, complete, edit.from) + (last.source.length - edit.to)
    if (!best || shared > best.shared) best = {last, edit, shared}
  }
  return best
}

/** Where, in `complete`, tokenizing may go on from after `last`'s lines: its end, or the last mark before `from`. */
function resumePoint(last: Prefix, complete: string, from: number): number {
  return goesOn(last, complete, from) ? from + 1 : (markBefore(last, from)?.at ?? 0)
}

/** The last of `last`'s marks at or before `from`: the text before it is unchanged. */
const markBefore = (last: Prefix, from: number) => last.marks.findLast((mark) => mark.at <= from)

/** Whether `complete` goes on after `last`'s last line, which it starts with: then from the state at its end. */
const goesOn = (last: Prefix, complete: string, from: number) => from === last.source.length && complete.charCodeAt(from) === 10

/** Where `complete` is tokenized from, given the last code (`last`) and where they first differ (`from`). */
function resumeAt(last: Prefix, complete: string, from: number): Resume {
  if (goesOn(last, complete, from)) {
    // Its lines alternate with the line endings between them.
    const line = (last.lines.length + 1) / 2
    return {line, at: from + 1, state: last.state, lines: [...last.lines, {type: 'text', value: '\n'}], marks: [...last.marks]}
  }
  const mark = markBefore(last, from)
  if (!mark) return fromStart()
  return {line: mark.line, at: mark.at, state: mark.state, lines: last.lines.slice(0, 2 * mark.line), marks: last.marks.filter(({at}) => at <= mark.at)}
}

/**
 * Where the next run of lines from `resume` ends (before its line ending),
 * and the line after it: at the next mark's line when `marking`, and where
 * the lines stop or start being Latin-1 (see one-byte.ts).
 */
function chunkEnd(complete: string, resume: Resume, marking: boolean): {at: number; line: number} {
  let at = resume.at - 1
  let line = resume.line
  const latin1 = isLatin1(complete.slice(resume.at, lineEnd(complete, resume.at)))
  do {
    at = lineEnd(complete, at + 1)
    line++
  } while (at < complete.length && (!marking || line % markEvery !== 0) && isLatin1(complete.slice(at + 1, lineEnd(complete, at + 1))) === latin1)
  return {at, line}
}

const lineEnd = (text: string, from: number) => {
  const end = text.indexOf('\n', from)
  return end === -1 ? text.length : end
}

/**
 * The highlight of `complete` when its lines from `end` on are the last
 * code's, unchanged by `edit`, and the grammar's state before them is the
 * same: the last code's lines from there, after the new ones (`resume`'s).
 */
function sameAfter(last: Prefix, complete: string, edit: Edit, end: {at: number; line: number}, state: GrammarState, resume: Resume): Prefix | undefined {
  const at = end.at + 1
  const shift = complete.length - last.source.length
  if (at < edit.from + edit.insert.length) return undefined
  const old = last.marks.find((mark) => mark.at === at - shift)
  if (!old || !sameState(old.state, state)) return undefined
  const lineShift = end.line - old.line
  const later = last.marks.filter((mark) => mark.at > old.at).map((mark) => ({line: mark.line + lineShift, at: mark.at + shift, state: mark.state}))
  const lines = [...resume.lines, {type: 'text', value: '\n'} as const, ...last.lines.slice(2 * old.line)]
  return {source: complete, lines, state: last.state, marks: [...resume.marks, ...later]}
}

/** Whether two grammar states hold the same stacks, theme by theme. */
function sameState(a: GrammarState, b: GrammarState): boolean {
  return a.themes.every((theme) => a.getInternalStack(theme)?.equals(b.getInternalStack(theme)!) ?? false)
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
    let end = 0
    for (const {source} of prefixes.get(lang) ?? []) if (source.length > end && startsWithText(complete, source)) end = source.length
    if (end === complete.length) return true
    for (let lines = 0; lines < linesAtOnce && end !== -1; lines++) end = complete.indexOf('\n', end + 1)
    if (!prefixOf(shiki, end === -1 ? complete : complete.slice(0, end), lang, options)) return true
  }
  return false
}

/** Lines tokenized together by `prefixAhead`: few enough that a slice ends near its deadline. */
const linesAtOnce = 4
