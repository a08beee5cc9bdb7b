// The pipeline skips rehype-raw, the math plugins, KaTeX when every formula
// is cached, the footnote links and GFM's bare-link transform when
// the source cannot need them (see createProcessor in workers/pipeline.ts).
// Skipping must change nothing: a render session renders a block on its own,
// while a full render of the same document may run them because another
// block needs them.
import fs from 'node:fs'
import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {generateReply} from '../../shared/gen-reply.ts'
import {generateMarkdown} from '../../shared/gen-samples.ts'
import {createProcessor} from '../../workers/pipeline.ts'
import {hostileInputs} from '../fixtures/hostile.ts'

const skipping = createProcessor()
const every = createProcessor({everyPlugin: true})

async function html(processor: ReturnType<typeof createProcessor>, markdown: string) {
  return toHtml(await processor.run(processor.parse(markdown), markdown))
}

const named = [
  // parse5 drops a line feed at the start of a <pre>'s text: done by hand without rehype-raw.
  '```\n\nfirst line blank\n```',
  '~~~\n\n\ntwo blank lines\n~~~',
  '- ```\n\n  in a list\n  ```',
  '> ```\n>\n> in a quote\n> ```',
  '```\n \nspace then line feed\n```',
  '```\n\n```',
  '---\n\ntitle: front matter whose first line is blank\n---\n',
  '$$\n\nfirst line blank\n$$',
  '$$\n\n\n',
  '```math\n\nE = mc^2\n```',
  '    indented code\n\n    after a blank line',
  '[a ![b](c) d](e) and *[a](b) [c](d)*',
  '[www.example.com](http://x) www.foo.com and a@b.co',
  '| a | b |\n| - | - |\n| 1 |',
  '- [ ] task\n- [x] done',
  'text\u0000null and &amp; &copy; &#0;',
  'line\\\nbreak and  \ntrailing spaces',
  '$$\nx\n$$\n\n```math\ny\n```',
  // Math and footnote links that come from raw HTML, not from `$` or `[^`.
  '<code class="math-inline">x^2</code> and <code class="language-math math-display">y</code>',
  '<a href="#note" data-footnote-ref>1</a> and <a href="#back" DATA-FOOTNOTE-BACKREF>back</a>',
  'A note[^1] and a price of $5.\n\n[^1]: The note.',
  // Without raw HTML, footnotes skip parse5 too, unless a link's text holds a reference (parse5 splits the link).
  '[a link [^1]](http://x) and [another [^1] b][ref]\n\n[ref]: http://y\n[^1]: The note [^1] [x](y).',
  '*a[^1]* and [^2] [^missing]\n\n> [^1]: in a quote\n\n[^2]: - a list\n\n    code',
  // Bare links that only GFM's transform finds, spelled every way.
  '*a* www.example.com and *b* HTTP://EXAMPLE.COM/x and *c* WwW.example.com',
  '*a* user@example.com and mailto:me@example.com and xmpp:me@example.com/r',
  '*a* &#64; and b&#64;example.com and &#x77;ww.example.com and &#104;ttps://example.com',
  // The same formulas twice: the second run takes them from the cache.
  'Cached $x^2$ and\n\n$$\ny_1\n$$',
  'Cached $x^2$ and\n\n$$\ny_1\n$$',
]

describe('skipping the plugins a source cannot need', () => {
  it('changes nothing for the named cases', async () => {
    for (const text of named) expect(await html(skipping, text), text).toBe(await html(every, text))
  })

  it('changes nothing for the blocks of the benchmark samples, a model-like reply, the feature tour and the hostile corpus', async () => {
    const documents = [generateMarkdown(100_000, 1), generateReply(30_000, 3, {footnotes: true}), fs.readFileSync('tests/fixtures/features.md', 'utf8')]
    const texts = documents.flatMap((text) => [text, ...text.split(/\n\n+/)])
    // The start of each hostile input: its constructs, not its size, are what a plugin might need.
    for (const input of hostileInputs) if (input.outcome === 'renders') texts.push(input.markdown().slice(0, 5_000))
    // Hundreds of blocks skip each plugin: the case being checked.
    const skips = (pattern: RegExp) => texts.filter((text) => !pattern.test(text)).length
    expect(skips(/</)).toBeGreaterThan(400)
    expect(texts.filter((text) => text.includes('[^') && !text.includes('<')).length).toBeGreaterThan(40)
    expect(skips(/\$|math/i)).toBeGreaterThan(400)
    expect(skips(/\[\^|footnote/i)).toBeGreaterThan(400)
    expect(skips(/www|http|@|&/i)).toBeGreaterThan(400)
    const differing: string[] = []
    for (const text of texts) if ((await html(skipping, text)) !== (await html(every, text))) differing.push(text.slice(0, 80))
    expect(differing).toEqual([])
  }, 240_000)
})
