/**
 * A line of prose with the simplest inline markup (see
 * workers/incremental/plain-inline.ts) renders without the pipeline only
 * when the pipeline would give the same: with link labels or footnotes
 * defined, and with markup left open at its end as a stream leaves it.
 */
import fc from 'fast-check'
import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {renderPlain} from '../../../workers/incremental/plain-block.ts'
import {contextPrefix, prefixDefinitions, renderBlock} from '../../../workers/incremental/render-block.ts'
import {expectPipelineRender, formulas, html} from './block-texts.ts'

describe('inline markup without the pipeline', () => {
  it('renders a line of prose with simple markup without the pipeline only when the pipeline gives the same', async () => {
    // Words and markup the short way takes, and look-alikes it must leave
    // to the pipeline: unbalanced or flanking-sensitive delimiters,
    // references, autolinks, escapes, entities, HTML, math, block starts.
    const taken = [
      'words',
      'Word',
      'x',
      '42',
      'end.',
      'a,',
      '(aside)',
      'semi-colon;',
      "it's",
      '"quoted"',
      'and/or',
      'Ünï',
      '**bold**',
      '**two words**',
      '**bold**.',
      '*em*',
      '*em*,',
      '*two words*:',
      '~~gone~~',
      '`code()`',
      '`a b`',
      '`x.y`',
      '[link](https://example.com/x)',
      '[two words](http://a.b/c-d_e)',
      '[3](https://a.b).',
      'https://docs.example.org/a-20',
      'http://x.io/a/b.c/d_e',
      'https://x',
      'https://a.b.',
      'https://ex-.com/p-,',
      // Code takes in what would be markup outside it.
      '`SELECT *`',
      '`a_b`',
      '`x[0]`',
      '`$x$`',
      '`a\\`',
      '`<b>`',
      '`&amp;`',
      '`![i](x)`',
      '`~~a~~`',
      '`https://a.b`',
      // Formulas, typeset on the way.
      ...formulas,
      '$never typeset$',
      '$x$.',
      // Footnote references, cited after a word or alone; `[^2]` is not defined.
      'word[^1]',
      'end.[^note]',
      '[^1]',
      'again[^1],',
      'Note[^NOTE].',
      // Markup then a reference, as a sentence ends with one.
      '*em*.[^1]',
      '`c`[^note]',
      '$x$.[^1]',
      '[3](https://a.b).[^1]',
    ]
    const lookalikes = [
      '**',
      '*',
      '**open',
      'close**',
      '* em*',
      '*em *',
      '** b**',
      '*a**',
      '**a*',
      '***a***',
      'a*b*',
      '*a*b',
      '*a*!',
      '*a*)',
      "*a*'s",
      '_u_',
      '__s__',
      '~del~',
      '~~a ~~',
      '~~~a~~~',
      '`',
      '` a `',
      '``x``',
      '`a`b',
      '`a*b`',
      '`a|b`',
      '`a\u0000b`',
      '`a` `',
      '[x]',
      '[x][y]',
      '[x](y)',
      '[x](https://a b)',
      '[x] (https://a)',
      '[x](https://a "t")',
      '[*x*](https://a)',
      '[x](https://a)b',
      '![i](https://a)',
      '[^1]',
      'a[^2]',
      'a[^1]b',
      'a[^1][^note]',
      '[^1 ]',
      '[^a b]',
      '**b**[^1]',
      '**b**[^2]',
      'a[^2][^1]',
      '[^2][^note]',
      '[^2](https://a.b)',
      '[^2][x]',
      '[^2]:',
      // A bare address takes in a footnote's label after it: the brackets cite nothing.
      'https://a.b/c.[^1]',
      'https://a.b[^1]',
      'https://a.b/c.[^2].',
      'https://a.b/c.[^1][^2]',
      'https://a.b/c.[^a_]',
      'https://a.b/c.[^note-a]',
      'https://a.b/c.[^1]x',
      'https://a.b/c.[^1](x)',
      'www.a.b',
      'https://a.b',
      'http',
      'https:',
      'https://',
      'https://a_b.c',
      'https://a.b_c.d',
      'https://-a.b',
      'https://a..b',
      'https://a.b/c_',
      'https://a.b/c._d',
      'https://a.b/(c)',
      'https://a.b:80',
      'https://a.b/c?d',
      'https://a.b:',
      'https://a.b;',
      'HTTPS://A.B',
      'https://a.b/c*',
      'https://a.b/c~',
      'a@b.c',
      'mailto:a',
      '$ x$',
      '$x $',
      '$x$5',
      '$x$y',
      '$$x$$',
      '$a\\$',
      '$a\\$ b$',
      // Formulas KaTeX finds an error in: the pipeline renders them, with its message.
      '$\\frac{x$',
      '$\\notacommand$',
      '<b>',
      '<https://a>',
      '&amp;',
      '\\*',
      '|',
      '1.',
      '1)',
      '-',
      '+',
      '#',
      '>',
      '=',
      '\u00a0',
      '\t',
    ]
    const token = fc.oneof({weight: 3, arbitrary: fc.constantFrom(...taken)}, {weight: 1, arbitrary: fc.constantFrom(...lookalikes)})
    // Streamed text stops anywhere: an opener may be left open at the end.
    const ends = [
      '',
      '',
      '*previe',
      '**r',
      '**',
      '*',
      '~~thr',
      '~a',
      '`quote(',
      '[output ou',
      '$',
      '$5',
      '*two words',
      '**a b** c',
      '[line the](h',
      '**message heading*',
      '*a b',
      '`a *b*',
      '[x',
      '[x]',
      '$x_',
      '*www',
      '`https://a',
      '** a',
      '*a* *',
      // An address streaming in.
      'https://docs.ex',
      'https://docs.',
      'https:/',
      'https://a.b/c-',
      'https://a.b/c_',
      'www',
      'https',
      'http:/',
      // A formula streaming in: text until its closing dollar.
      '$\\alpha_i = \\frac{x',
      '$x \\{y\\} \\, z\\\\',
      '$}_i x_',
      '$a_b_',
      '$a _b_',
      '$\\left(x',
      '$\\(x',
      '$\\(x\\) y',
      '$\\[x',
      '$ x\\',
      '$x\\$',
      '$\\mathbb{E}[X',
      '$\\mathbb{E}[X] = \\mu',
      '$[x](y',
      '$[^1]',
      '$![x]',
      '$a *b',
      '$a ~b',
      '$<b',
      '$a < b',
      '$a &amp;',
      '$x^{2} \\cdot \\sum_{i=1}^n',
      '$https://a.b',
      // A link's address streaming in.
      '[line the](https://docs.ex',
      '[x](https://a.b/c',
      '[x](https://a.b/c.',
      '[x](https://docs.',
      '[x](https://a.b:',
      '[x](https://a.b/c?',
      '[x](https://a.b/c_',
      // A footnote's label arriving.
      '[^',
      '[^1',
      '[^note-a',
      '[^1]',
      '[^1 a',
      'we.[^',
      'we.[^6',
      'a_b[^6',
      '[x](https://a_b.c',
      '[x](www',
      '[x](',
      '[two words]',
    ]
    const first = fc.oneof({weight: 4, arbitrary: fc.constantFrom('Words', 'x', 'Ünï', 'Word,')}, {weight: 1, arbitrary: token})
    const line = fc
      .tuple(
        first,
        fc.array(fc.tuple(token, fc.constantFrom(' ', ' ', ' ', '  ', '')), {minLength: 1, maxLength: 8}),
        fc.constantFrom(...ends),
        fc.constantFrom('', ' ', '\n'),
      )
      .map(([start, parts, open, end]) => ({text: start + ' ' + parts.map(([word, gap]) => word + gap).join('') + open + end, open}))
    let short = 0
    let markup = 0
    let openEnd = 0
    let address = 0
    let math = 0
    let formulaOpen = 0
    let linkOpen = 0
    let cited = 0
    let uncited = 0
    let addressCite = 0
    const footnotes = contextPrefix(['1', 'note'], [])
    // The same labels defined: a bracket left open may then be a reference.
    const definingLabels = (text: string) =>
      contextPrefix(
        [],
        [...text.matchAll(/\[([^\]^]+)\]/g)].map((match) => `[${match[1]}]: https://defined.example`),
      )
    await fc.assert(
      fc.asyncProperty(line, async ({text, open}) => {
        const withLinks = renderPlain(text, prefixDefinitions(definingLabels(text)))
        if (withLinks) await expectPipelineRender(withLinks, text, false, definingLabels(text))
        // Footnotes `1` and `note` defined (`[^2]` is not): their references render, numbered in the block.
        const withFootnotes = renderPlain(text, prefixDefinitions(footnotes))
        if (withFootnotes) {
          await expectPipelineRender(withFootnotes, text, false, footnotes)
          // As the pipeline numbers them in the block, before the document renumbers them.
          const alone = await renderBlock(text, footnotes, false)
          expect(withFootnotes.footnoteRefs).toEqual(alone.footnoteRefs)
          expect(toHtml({type: 'root', children: withFootnotes.nodes})).toBe(toHtml({type: 'root', children: alone.nodes}))
          if (withFootnotes.footnoteRefs.length > 0) cited++
        }
        const render = renderPlain(text, prefixDefinitions(''))
        if (!render) return
        short++
        // No footnote defined: a reference is its brackets, as before its definition comes.
        if (/\[\^\w+\]/.test(text)) uncited++
        if (/[*~`[]/.test(text)) markup++
        if (/https?:\/\/\w/.test(text)) address++
        if (html(render).includes('%5B%5E')) addressCite++
        if (html(render).includes('katex')) math++
        if (open) openEnd++
        if (open.startsWith('$') && open.length > 3) formulaOpen++
        if (open.includes('](')) linkOpen++
        // A whole block renders this way too, the last one or checked for being closed.
        for (const checkClosed of [false, true]) await expectPipelineRender(render, text, checkClosed)
      }),
      {numRuns: 5000},
    )
    // The short way is taken, for every kind of line, or this would prove
    // nothing. Each bound sits far enough below what runs of 5,000 give that
    // a random draw does not fall under it.
    expect(short).toBeGreaterThan(400)
    expect(markup).toBeGreaterThan(300)
    expect(openEnd).toBeGreaterThan(200)
    expect(address).toBeGreaterThan(150)
    expect(math).toBeGreaterThan(100)
    expect(formulaOpen).toBeGreaterThan(50)
    expect(cited).toBeGreaterThan(70)
    expect(uncited).toBeGreaterThan(150)
    expect(addressCite).toBeGreaterThan(5)
    expect(linkOpen).toBeGreaterThan(30)
    // The sample documents' sentences are such lines.
    expect(renderPlain('Stream **the render** of *cache* then `paint()` and [two words](https://example.com/queue) or ~~tree~~ state.')).toBeDefined()
  })
})
