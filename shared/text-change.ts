/**
 * A session's new text as a change to the text the worker holds already.
 * Posting a long document whole costs the main thread a copy of it on every
 * keystroke, and the worker another copy and a comparison with the last; a
 * change costs what it carries.
 */

/** Characters `from` to `to` of a text replaced by `insert`. */
export interface Edit {
  from: number
  to: number
  insert: string
}

/** An edit to the text of the session's update `base` (its version). */
export interface TextChange extends Edit {
  base: number
}

/** The name of the error a session throws for a change whose base it does not hold: send the whole text instead. */
export const staleBaseError = 'StaleBaseError'

/** A text a session rendered: what a change builds on. */
export interface HeldText {
  markdown: string
  version: number
}

/** What to send for `next`: a change to `held`, the text the session holds, or the whole text when it holds none. */
export function textToSend(held: HeldText | undefined, next: string): string | TextChange {
  return held ? {base: held.version, ...editBetween(held.markdown, next)} : next
}

/**
 * Successive texts of one session as the app sends them, each after the
 * first as a change to the one before: what to send for `markdown`, and its
 * version. For callers whose every render succeeds (the CLI, tests, scripts).
 */
export function createSender(): (markdown: string) => {text: string | TextChange; version: number} {
  let held: HeldText | undefined
  return (markdown) => {
    const version = (held?.version ?? 0) + 1
    const text = textToSend(held, markdown)
    held = {markdown, version}
    return {text, version}
  }
}

/** The smallest edit that turns `previous` into `next`. */
export function editBetween(previous: string, next: string): Edit {
  const prefix = commonPrefixLength(previous, next)
  const suffix = commonSuffixLength(previous, next, Math.min(previous.length, next.length) - prefix)
  return {from: prefix, to: previous.length - suffix, insert: next.slice(prefix, next.length - suffix)}
}

/** `text` with `edit` made. */
export function applyEdit(text: string, {from, to, insert}: Edit): string {
  return text.slice(0, from) + insert + text.slice(to)
}

/**
 * Whether `text` starts with `prefix`. Equality of a slice is a memory
 * compare in V8; `startsWith` goes a character at a time, and a streamed
 * block checks its whole previous text on every append.
 */
export function startsWithText(text: string, prefix: string): boolean {
  return text.length >= prefix.length && text.slice(0, prefix.length) === prefix
}

/** Length of the common prefix of `a` and `b`, compared a slice at a time. */
function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length)
  if (startsWithText(b, a)) return a.length
  let index = 0
  const step = 1024
  while (index + step <= max && a.slice(index, index + step) === b.slice(index, index + step)) index += step
  while (index < max && a.charCodeAt(index) === b.charCodeAt(index)) index++
  return index
}

/** Length of the common suffix of `a` and `b`, at most `max`. */
function commonSuffixLength(a: string, b: string, max: number): number {
  let length = 0
  const step = 1024
  while (length + step <= max && a.slice(a.length - length - step, a.length - length) === b.slice(b.length - length - step, b.length - length)) {
    length += step
  }
  while (length < max && a.charCodeAt(a.length - length - 1) === b.charCodeAt(b.length - length - 1)) length++
  return length
}
