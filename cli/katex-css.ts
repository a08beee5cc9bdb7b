/**
 * KaTeX's style sheet with its fonts inlined, so an exported document shows
 * math in the right fonts with no network and no files next to it.
 */
import {readFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'

// The same katex (0.16) that rehype-katex renders with: markup and CSS must match.
const cssPath = createRequire(import.meta.url).resolve('katex/dist/katex.min.css')

let cached: Promise<string> | undefined

/** `katex.min.css` with every `@font-face` reduced to its woff2 file as a `data:` URL. */
export function katexCss(): Promise<string> {
  cached ??= readFile(cssPath, 'utf8').then((css) => inlineFonts(css, dirname(cssPath)))
  return cached
}

/**
 * Rewrite each `@font-face` `src` to `url(data:font/woff2;base64,…)`.
 * woff2 alone is enough: every browser that runs the app reads it, and
 * inlining woff and ttf too would add about 1 MB of base64 nobody reads.
 */
async function inlineFonts(css: string, baseDirectory: string): Promise<string> {
  const faces = [...css.matchAll(/@font-face\s*\{[^}]*\}/g)].map((match) => match[0])
  const inlined = await Promise.all(
    faces.map(async (face) => {
      const woff2 = /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(face)?.[1]
      if (!woff2) throw new Error(`Expected a woff2 source in \`${face}\``)
      const data = (await readFile(join(baseDirectory, woff2))).toString('base64')
      return face.replace(/src\s*:[^;}]*/, `src:url(data:font/woff2;base64,${data}) format("woff2")`)
    }),
  )
  let index = 0
  const result = css.replace(/@font-face\s*\{[^}]*\}/g, () => inlined[index++]!)
  // Any other relative `url()` would be a request the offline document cannot make.
  const leftover = /url\(\s*["']?(?!data:)([^"')]+)/.exec(result)
  if (leftover) throw new Error(`Expected only inlined fonts in KaTeX's CSS, not \`url(${leftover[1]})\``)
  return result
}
