/**
 * Text to tokenize, stored one byte per character when it can be.
 *
 * V8 runs the grammars' RegExps several times slower on a two-byte string
 * than on a one-byte one, and compiles them again for it. A string is
 * two-byte once one character past Latin-1 is in it, and so is every slice
 * of it: one em dash or emoji anywhere in a document or a reply would make
 * all of its code two-byte. Decoding the code's UTF-8 again gives a string
 * of its own, one-byte when all of its characters are Latin-1.
 */
const encoder = new TextEncoder()
const decoder = new TextDecoder()
const latin1 = /^[\0-\xff]*$/

/** Whether every character of `text` is Latin-1. */
export function isLatin1(text: string): boolean {
  return latin1.test(text)
}

/** `text`, one byte per character if all of its characters are Latin-1; otherwise `text` itself. */
export function asOneByte(text: string): string {
  return isLatin1(text) ? decoder.decode(encoder.encode(text)) : text
}
