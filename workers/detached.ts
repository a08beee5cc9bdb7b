/**
 * A copy of `text` that keeps no other string alive. V8 makes a slice of a
 * long string a view into it, which holds the whole of it: a block cut from
 * a text that came whole from the main thread, kept over many updates,
 * would keep that whole text, one for each update its blocks came from.
 */
export function detached(text: string): string {
  // Joining makes a new string; reading it copies it into one of its own.
  return ` ${text}`.slice(1)
}
