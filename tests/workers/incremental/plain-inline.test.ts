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
import {renderBlock} from '../../../workers/incremental/render-block.ts'
import {contextPrefix, prefixDefinitions} from '../../../workers/incremental/block-prefix.ts'
import {expectPipelineRender, html} from './block-texts.ts'
import {ends, lookalikes, taken} from './inline-pieces.ts'

describe('inline markup without the pipeline', () => {
  it('renders a line of prose with simple markup without the pipeline only when the pipeline gives the same', async () => {
    const token = fc.oneof({weight: 3, arbitrary: fc.constantFrom(...taken)}, {weight: 1, arbitrary: fc.constantFrom(...lookalikes)})
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
      {numRuns: 5000, seed: 1},
    )
    // The short way is taken, for every kind of line, or this would prove
    // nothing. The run is seeded, so the counts are the same every time; each
    // bound sits well below them.
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
