/** Share links: the document compressed into the URL fragment as `#md=…` (lz-string). */
// lz-string is CommonJS: only its default export works both in Vite and in Node.
import lzString from 'lz-string'

const prefix = '#md='

/** A link to `base` (query and fragment dropped) that opens `markdown` as a new document. */
export function shareUrl(base: string, markdown: string): string {
  const url = new URL(base)
  url.hash = ''
  url.search = ''
  return `${url.href.replace(/#$/, '')}${prefix}${lzString.compressToEncodedURIComponent(markdown)}`
}

/** The markdown in a `#md=…` fragment, or `undefined` if `hash` is not a share link or is corrupt. */
export function readShareHash(hash: string): string | undefined {
  if (!hash.startsWith(prefix)) return undefined
  const payload = hash.slice(prefix.length)
  if (payload === '') return ''
  // lz-string returns null or '' for input it cannot decompress.
  const text = lzString.decompressFromEncodedURIComponent(payload) as string | null
  return text ? text : undefined
}
