/**
 * Blocks rendered without the pipeline (workers/incremental/plain-block.ts):
 * a plain line and a list of one-line items take that way only when the
 * pipeline would give the same (a line of prose with markup: see
 * plain-inline.test.ts).
 */
import fc from 'fast-check'
import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {renderPlain, renderPlainList} from '../../../workers/incremental/plain-block.ts'
import {renderBlock} from '../../../workers/incremental/render-block.ts'
import {contextPrefix, prefixDefinitions} from '../../../workers/incremental/block-prefix.ts'
import {expectPipelineRender} from './block-texts.ts'

describe('rendering a block without the pipeline', () => {
  it('renders a plain line without the pipeline only when the pipeline gives the same', async () => {
    const lines = [
      'Plain words',
      'Plain words, then more: (with "quotes") and 3/4 or 10-20; right?  ',
      'Trailing blank lines\n\n',
      'Ünïcödé wörds and 日本語 and ｗｉｄｅ and ١٢٣ digits',
      'Words with\u00a0no-break spaces\u00a0',
      'Words then a\ttab',
      'Combining a\u0301 accents',
      'A www.example.com link',
      'Www.example.com at the start',
      'An https://example.com/x link',
      'HTTP://EXAMPLE.COM shouting',
      'me@example.com',
      'mailto:me then xmpp:you',
      'Not plain *em*',
      '1. a list',
      '1) a list',
      '3 apples',
      '- a list',
      '+ a list',
      'Line one\nline two',
      'Setext\n---',
      'Setext\n===',
      'a\u0000nul',
      'a\rcarriage return',
      'Ends with a backslash\\',
      '    indented code',
      'Term\n: not a definition list',
      '# Heading',
      '###### 2. A heading, six deep   ',
      '## Heading ##',
      '## Heading #',
      '####### seven',
      '#Heading',
      '#\tTab heading',
      '   ## indented',
      '## ',
      '## Heading\n\n',
      '## Heading\nLazy line',
      '## A www.example.com heading',
      // A formula over lines that are blocks of their own: a setext underline, a table.
      'Start $x\n  - \n| a | b |\n|---|---|\n| c *$',
    ]
    let plain = 0
    for (const line of lines) {
      const render = renderPlain(line)
      if (!render) continue
      plain++
      for (const checkClosed of [false, true]) {
        await expectPipelineRender(render, line, checkClosed)
      }
    }
    expect(plain).toBeGreaterThanOrEqual(8)
  })

  it('renders a list of one-line items without the pipeline only when the pipeline gives the same', async () => {
    const texts = [
      'Words',
      'x **bold** y',
      '*em* first',
      '`code()` first',
      '~~gone~~ first',
      '[link](https://example.com/x) first',
      '[x](https://a)',
      '[ ] task',
      '[x] done',
      '*',
      '**',
      '* a',
      '- a',
      '+ b',
      '1. one',
      '# h',
      '> q',
      '```',
      '~~~',
      '`',
      '$x$ math',
      'a <b>',
      'a www.b.c',
      'open *end',
      // Markup left open at the item's start, as a stream leaves it.
      '`mar',
      '*previe',
      '**r',
      '~~thr',
      '~',
      '[output ou',
      '[line the](h',
      '[',
      '[ ',
      '[^1',
      '$x_',
      '$',
      '$$',
      '*www',
      '`https://a',
      '',
      ' indented',
      '\ta',
    ]
    const markers = ['-', '-', '*', '+', '1.', '2.', '1)', '10.', '0.', '1234567890.']
    // Footnote references (`1` and `note` defined in the prefix of the first render, `2` not) and brackets.
    const citing = ['cited[^1] here', 'again[^1] and[^note].', 'not yet[^2] defined', '[two words] end']
    const text = fc.oneof(
      {weight: 3, arbitrary: fc.constantFrom(...texts.slice(0, 7))},
      {weight: 2, arbitrary: fc.constantFrom(...texts)},
      {weight: 1, arbitrary: fc.constantFrom(...citing)},
    )
    // A task's box, or a look-alike, before some items' text.
    const box = fc.oneof(
      {weight: 4, arbitrary: fc.constant('')},
      {weight: 1, arbitrary: fc.constantFrom('[ ] ', '[x] ', '[X] ', '[ ]', '[ ]  ', '[y] ', '[ ]\t', '[x]x ')},
    )
    // Some lines indented, as items of a nested list or look-alikes.
    const indent = fc.oneof({weight: 2, arbitrary: fc.constant('')}, {weight: 1, arbitrary: fc.constantFrom(' ', '  ', '  ', '  ', '   ', '   ', '    ', '\t')})
    const line = fc.tuple(
      indent,
      fc.constantFrom(...markers),
      fc.constantFrom(' ', ' ', ' ', ' ', ' ', '  ', '', '\t'),
      fc.tuple(box, text).map(([b, t]) => b + t),
      fc.constantFrom('', '', ' ', '  '),
    )
    const same = fc.constantFrom(true, true, true, true, false)
    const list = fc
      .tuple(
        fc.constantFrom(...markers),
        fc.array(fc.tuple(same, line), {minLength: 1, maxLength: 5}),
        fc.constantFrom('', '', '', '\n', '\n\n', '\n  - nested', '\ncontinued', '\n\n- loose'),
      )
      .map(
        ([marker, lines, end]) =>
          lines
            .map(([same, [indent, other, gap, text, trailing]], index) => (index > 0 ? indent : '') + (same ? marker : other) + gap + text + trailing)
            .join('\n') + end,
      )
    let short = 0
    let ordered = 0
    let tasks = 0
    let nested = 0
    let cited = 0
    const footnotes = contextPrefix(['1', 'note'], [])
    await fc.assert(
      fc.asyncProperty(list, async (text) => {
        // With footnotes defined, their references render, numbered in the block as the pipeline numbers them.
        const withFootnotes = renderPlainList(text, prefixDefinitions(footnotes))
        if (withFootnotes) {
          await expectPipelineRender(withFootnotes, text, false, footnotes)
          expect(withFootnotes.footnoteRefs).toEqual((await renderBlock(text, footnotes, false)).footnoteRefs)
          if (withFootnotes.footnoteRefs.length > 0) cited++
        }
        const render = renderPlainList(text)
        if (!render) return
        short++
        if (/^\d/.test(text)) ordered++
        if (toHtml(render.nodes).includes('checkbox')) tasks++
        if (toHtml(render.nodes).match(/<[uo]l/g)!.length > 1) nested++
        await expectPipelineRender(render, text)
      }),
      {numRuns: 4000, seed: 1},
    )
    // A run takes a few hundred lists, about half of them ordered, one in ten with a task's box
    // and one in eight with a nested list; with footnotes defined, a few dozen cite one. The run
    // is seeded, so the counts are the same every time; the bounds sit below them.
    expect(short).toBeGreaterThan(150)
    expect(ordered).toBeGreaterThan(100)
    expect(tasks).toBeGreaterThan(15)
    expect(nested).toBeGreaterThan(10)
    expect(cited).toBeGreaterThan(15)
  })
})
