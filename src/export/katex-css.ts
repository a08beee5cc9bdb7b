/**
 * KaTeX's style sheet with its woff2 fonts inlined, for Export HTML: the
 * same transformation as the CLI's `cli/katex-css.ts`, so both produce the
 * same document. Loaded only when exporting.
 */
import css from 'katex/dist/katex.min.css?raw'

// The same font files the app already bundles for the preview; only their URLs are imported here.
const fontUrls = import.meta.glob<string>('../../node_modules/katex/dist/fonts/*.woff2', {
  query: '?url',
  import: 'default',
  eager: true,
})

let cached: Promise<string> | undefined

/** `katex.min.css` with every `@font-face` reduced to its woff2 file as a `data:` URL. */
export function katexCss(): Promise<string> {
  cached ??= inlineFonts(css)
  cached.catch(() => (cached = undefined))
  return cached
}

async function inlineFonts(source: string): Promise<string> {
  const faces = [...source.matchAll(/@font-face\s*\{[^}]*\}/g)].map((match) => match[0])
  const inlined = await Promise.all(
    faces.map(async (face) => {
      const woff2 = /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(face)?.[1]
      if (!woff2) throw new Error(`Expected a woff2 source in \`${face}\``)
      const name = woff2.slice(woff2.lastIndexOf('/') + 1)
      const url = Object.entries(fontUrls).find(([path]) => path.endsWith(`/${name}`))?.[1]
      if (!url) throw new Error(`Expected KaTeX font \`${name}\` to be bundled`)
      return face.replace(/src\s*:[^;}]*/, `src:url(data:font/woff2;base64,${await base64Of(url)}) format("woff2")`)
    }),
  )
  let index = 0
  return source.replace(/@font-face\s*\{[^}]*\}/g, () => inlined[index++]!)
}

async function base64Of(url: string): Promise<string> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Could not load ${url}: ${response.status}`)
  const bytes = new Uint8Array(await response.arrayBuffer())
  let binary = ''
  // In slices: one `fromCharCode` call with every byte would overflow the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
  }
  return btoa(binary)
}
