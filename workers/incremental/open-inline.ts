/**
 * Whether rendered inline content may still hold the opening of a construct
 * that text appended later could close. A paragraph's render is cut where
 * nothing before the cut is open (see grow-paragraph.ts), so this decides
 * how much of a streamed paragraph is rendered again on each append.
 *
 * What a render left as text is what the parser did not pair. Of that, only
 * some could still pair with a closer to come, by the parser's own rules:
 * an emphasis or strikethrough run that can open (CommonMark's flanking
 * rules), a backtick run, a `[` that its `]` has not closed yet (see
 * `settledBracket`), a `<` before a tag or autolink, and a `$`
 * that can open math and that no later `$` has decided on (the rule of
 * remark-math-strict.ts). Punctuation such as `!`, `]`, `>`, `|`, `&` or
 * `\` opens nothing by itself. Inside emphasis, strikethrough and links,
 * the parser has paired or dropped every emphasis delimiter already.
 */
import type {ElementContent} from 'hast'

const whitespace = /\s/u
const punctuation = /[\p{P}\p{S}]/u
/** After `<`: what may start a tag, a comment, a declaration or an autolink. */
const tagStart = /[A-Za-z/!?]/

/** Micromark's classes of the characters around a delimiter run; `undefined` (another node's) counts as what opens most. */
type Kind = 'space' | 'punctuation' | 'other'

function kindOf(char: string | undefined, unknown: Kind): Kind {
  if (char === undefined) return unknown
  return whitespace.test(char) ? 'space' : punctuation.test(char) ? 'punctuation' : 'other'
}

/** Whether a run of `marker` between `before` and `after` may open emphasis (`*`, `_`) or strikethrough (`~`). */
export function runMayOpen(marker: string, before: string | undefined, after: string | undefined): boolean {
  const previous = kindOf(before, 'space')
  const next = kindOf(after, 'other')
  // Micromark lets `*` and `_` open before the marker of another construct (strikethrough's `~`).
  const leftFlanking = (next !== 'space' && (next !== 'punctuation' || previous !== 'other')) || (marker !== '~' && after === '~')
  // Within a word, `_` does not open (it could only close).
  return leftFlanking && (marker !== '_' || previous !== 'other')
}

/** How to read a text node. */
export interface Reading {
  /** Emphasis delimiters are settled (inside emphasis or a link). */
  paired?: boolean
  /**
   * Every mark in it (bracket, dollar, emphasis delimiter) is one in the
   * source, and so is each character beside one: no escape or character
   * reference made them. Else a mark is read as open whenever it could be.
   */
  literalMarks?: boolean
}

/** The characters `firstOpener` looks at, by code. */
const markCodes = new Uint8Array(128)
for (const char of '`[<$*_~') markCodes[char.charCodeAt(0)] = 1

/**
 * The index in `value`, a text node's value, of the first character that
 * may open something a later closer could end; -1 when there is none.
 */
export function firstOpener(value: string, {paired = false, literalMarks = false}: Reading = {}): number {
  for (let index = 0; index < value.length; index++) {
    // Most characters are prose: one look at the code skips them.
    const code = value.charCodeAt(index)
    if (code >= 128 || !markCodes[code]) continue
    const char = value[index]!
    if (char === '`') return index
    if (char === '[' && !(literalMarks && settledBracket(value, index))) return index
    if (char === '<' && (index + 1 === value.length || tagStart.test(value[index + 1]!))) return index
    if (char === '$') {
      let end = index + 1
      while (value[end] === '$') end++
      // A single `$` before white space opens nothing; one a later `$` decided on is settled.
      const decided = literalMarks && end - index === 1 && index + 1 < value.length && (whitespace.test(value[end]!) || value.includes('$', end))
      if (!decided) return index
      index = end - 1
      continue
    }
    if (char === '*' || char === '_' || char === '~') {
      let end = index + 1
      while (value[end] === char) end++
      if (!paired && (!literalMarks || runMayOpen(char, value[index - 1], value[end]))) return index
      index = end - 1
    }
  }
  return -1
}

/**
 * Whether the `[` at `start` of `value` was closed by its `]` without
 * making a link: the parser dropped it then, and no later `]` can pair with
 * it. A `]` followed by `(` or `[` may still make a link with what follows,
 * and one at the end of `value` has not shown what follows it yet. Whether
 * a reference link forms depends on the definitions, which are the block's
 * context, not on text that follows.
 */
function settledBracket(value: string, start: number): boolean {
  let depth = 0
  for (let index = start; index < value.length; index++) {
    if (value[index] === '[') depth++
    else if (value[index] === ']' && --depth === 0) return index + 1 < value.length && value[index + 1] !== '(' && value[index + 1] !== '['
  }
  return false
}

/**
 * Answers of `isSettled` by node, one map per way of reading. A streamed
 * paragraph keeps its nodes from one render to the next, and each append
 * asks about all of them; the nodes are not changed in place.
 */
const settled = [
  new WeakMap<ElementContent, boolean>(),
  new WeakMap<ElementContent, boolean>(),
  new WeakMap<ElementContent, boolean>(),
  new WeakMap<ElementContent, boolean>(),
]

/** Whether nothing in `node` may open what a later closer could end; code and math are literal. */
export function isSettled(node: ElementContent, reading: Reading = {}): boolean {
  const answers = settled[(reading.paired ? 2 : 0) + (reading.literalMarks ? 1 : 0)]!
  let answer = answers.get(node)
  if (answer === undefined) answers.set(node, (answer = settledNow(node, reading)))
  return answer
}

function settledNow(node: ElementContent, reading: Reading): boolean {
  if (node.type === 'text') return firstOpener(node.value, reading) < 0
  if (node.type !== 'element') return true
  if (node.tagName === 'code') return true
  const classes = node.properties.className
  if (Array.isArray(classes) && classes.includes('katex')) return true
  const paired = reading.paired || ['em', 'strong', 'del', 'a'].includes(node.tagName)
  return node.children.every((child) => isSettled(child, {...reading, paired}))
}
