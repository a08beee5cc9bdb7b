/**
 * The font warm-up. The first time the page lays out text in a font, style
 * and size it has not used before, Chromium on Linux asks the browser process
 * to match the family and to give the strike's render style: a synchronous
 * call each, and a slow one while the worker keeps the other core busy.
 * Made while a long document's first screen is laid out, they lengthen
 * that task; once made, the page does not make them again.
 *
 * So when the page is first idle, the worker renders a small specimen with
 * every kind of text the preview shows (six heading levels, emphasis, code,
 * tables, footnotes, KaTeX's common fonts and sizes), and its blocks are
 * laid out one per idle callback, out of sight, in the preview's styles and
 * at its font size. The browser keeps the fonts it matched; the specimen is
 * then removed. KaTeX's fonts are loaded first, so their strikes are warmed
 * too rather than a fallback's. Everything is bundled: the requests stay on
 * this origin.
 */
import type {Root, RootContent} from 'hast'
import {flushSync} from 'react-dom'
import {createRoot} from 'react-dom/client'
import {Block} from './Block.tsx'
import {callRenderer} from './client.ts'

/** KaTeX's most used fonts. */
const katexFonts = ['1em KaTeX_Main', 'italic 1em KaTeX_Main', 'bold 1em KaTeX_Main', 'italic 1em KaTeX_Math', '1em KaTeX_Size1', '1em KaTeX_Size2']

/** Markdown with every kind of text the preview shows. */
export const specimen = `# Heading one

## Heading two

### Heading three

#### Heading four

##### Heading five

###### Heading six

Prose with **bold**, *italic*, ***both***, ~~struck~~, \`inline code\`, a [link](https://example.com), <kbd>Ctrl</kbd>, H<sub>2</sub>O, x<sup>2</sup>, a note[^1] and “quotes” — with $E = mc^2$ and $\\alpha_i^2 + x_{1}$.

> A quote with **bold** and *italic*.

- [x] A task
- [ ] Another
  1. Nested

| Left | **Centre** | \`code\` |
|:--|:-:|--:|
| cell | *em* | $x_1$ |

\`\`\`ts
// A comment
export function add(a: number, b: string): number {
  return a + b.length
}
\`\`\`

$$
\\sum_{i=1}^{n} \\frac{1}{i^2} + \\int_0^\\infty \\sqrt{x}\\,dx + \\left( \\frac{a}{b} \\right) + \\mathbb{R} + \\mathcal{O}(n) + \\mathbf{v} + \\text{text} + \\binom{n}{k} + \\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}
$$

[^1]: The note, in the footnotes' type.
`

/** When the browser is next idle. */
function idle(): Promise<void> {
  return new Promise((resolve) => requestIdleCallback(() => resolve(), {timeout: 5000}))
}

/**
 * Warm the fonts of the preview at `fontSize()` pixels, when the page is
 * idle. Never fails: a warm-up that cannot run only leaves the fonts cold.
 */
export async function warmUpFonts(fontSize: () => number): Promise<void> {
  try {
    await idle()
    await Promise.allSettled(katexFonts.map((font) => document.fonts.load(font)))
    const {hast} = await callRenderer((remote) => remote.markdownToHast(specimen))
    await layOut(
      hast.children.filter((node) => node.type === 'element'),
      fontSize,
    )
  } catch (error) {
    console.warn('Offthread: the font warm-up did not run', error)
  }
}

/** Lay out each of `blocks` in its own idle callback, out of sight, then remove them. */
async function layOut(blocks: RootContent[], fontSize: () => number): Promise<void> {
  const host = document.createElement('div')
  host.className = 'font-warmup'
  host.setAttribute('aria-hidden', 'true')
  host.inert = true
  document.body.append(host)
  const root = createRoot(host)
  try {
    for (const block of blocks) {
      await idle()
      host.style.setProperty('--preview-font-size', `${fontSize()}px`)
      const hast: Root = {type: 'root', children: [block]}
      flushSync(() =>
        root.render(
          <article className="markdown-body">
            <Block hast={hast} lineOffset={0} />
          </article>,
        ),
      )
      // Reading a size lays the block out now, in this idle callback.
      void host.firstElementChild?.getBoundingClientRect()
    }
  } finally {
    root.unmount()
    host.remove()
  }
}
