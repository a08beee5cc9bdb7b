/**
 * One clear error for a document that nests too deeply, whichever stage
 * finds out: the parser (its bounds on nesting), the tree walkers or the
 * serialiser (each recurses once per level, until the stack runs out).
 */

/** The start of the message, for tests and for the app's alert. */
export const nestsTooDeeply = 'Could not render: the document nests too deeply'

/** `error` as the clear nesting error when it is one, else `undefined`. */
export function asNestingError(error: unknown): RangeError | undefined {
  if (!(error instanceof RangeError)) return undefined
  if (error.message.startsWith(nestsTooDeeply)) return error
  if (/call stack/i.test(error.message)) return new RangeError(`${nestsTooDeeply} (quotes, lists or HTML elements thousands of levels deep)`)
  // The patched parser's bounds (patches/), e.g. "emphasis nests more than 100 levels deep".
  const bound = /^Could not parse: (.+ levels deep)$/.exec(error.message)
  return bound ? new RangeError(`${nestsTooDeeply} (${bound[1]})`) : undefined
}

/** Run `work`; a stack overflow or a parser bound becomes the clear nesting error. */
export function withNestingError<T>(work: () => T): T {
  try {
    return work()
  } catch (error) {
    throw asNestingError(error) ?? error
  }
}
