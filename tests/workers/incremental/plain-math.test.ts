/**
 * Formulas in blocks rendered without the pipeline: an inline one in a
 * plain block (workers/incremental/plain-block.ts), typeset there as the
 * pipeline would when KaTeX has not typeset it before, and left to the
 * pipeline when KaTeX finds an error; and a `$$` block
 * (workers/incremental/plain-math.ts), rendered without the pipeline only
 * when the pipeline would give the same, messages included: whole, and at
 * every point of its stream.
 */
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {renderPlain} from '../../../workers/incremental/plain-block.ts'
import {renderPlainMath} from '../../../workers/incremental/plain-math.ts'
import {renderBlock} from '../../../workers/incremental/render-block.ts'
import {clearCaches} from '../../../workers/plugins/lru.ts'
import {formulas as blockFormulas, expectPipelineRender} from './block-texts.ts'

/** The formulas the plain-block tests use, and three more. */
const formulas = [...blockFormulas, '$\\sqrt{a^2 + b^2}$', '$e^{i\\pi} + 1 = 0$', '$\\mathbf{v}_{k+1}$']

describe('inline formulas without the pipeline', () => {
  it('typesets a formula never seen before as the pipeline does, and leaves one KaTeX rejects to the pipeline', async () => {
    const lines = formulas.map((formula) => `Streams ${formula} on.`)
    for (const line of lines) {
      clearCaches()
      const render = renderPlain(line)
      expect(render, line).toBeDefined()
      // The pipeline typesets it afresh, not from what the short way kept.
      clearCaches()
      await expectPipelineRender(render!, line)
    }
    for (const line of ['Streams $\\frac{x$ on.', 'Streams $\\notacommand$ on.', 'Streams $\\begin{matrix} a$ on.']) {
      clearCaches()
      expect(renderPlain(line), line).toBeUndefined()
      expect((await renderBlock(line, '', false)).messages.length, line).toBeGreaterThan(0)
    }
  })
})

/** Pieces of formula lines: TeX that typesets, TeX cut off or wrong, and white space. */
const pieces = [
  'x',
  'a^2 + b^2',
  '\\frac{a}{b}',
  '\\frac{a}{',
  '\\sum_{i=1}^n',
  '\\left(',
  '\\right)',
  '\\begin{aligned}',
  '\\end{aligned}',
  '&=',
  '\\\\',
  '\\notacommand',
  '}',
  ' ',
  '  ',
  '\t',
  '<b>',
  '*a*',
]
/** Fences and look-alikes inside a formula. */
const lookalikes = ['$', '$$', ' $$', '   $$', '    $$', '$$ x', '$$$']
const closings = ['', '$$', '$$ ', '$$$', '  $$', '    $$', '$$x', '\t$$']
const ends = ['', '\n', '\n\n', '\n \n']

describe('display math without the pipeline', () => {
  it('renders a $$ block without the pipeline only when the pipeline gives the same', async () => {
    const piece = fc.oneof({weight: 6, arbitrary: fc.constantFrom(...pieces)}, {weight: 1, arbitrary: fc.constantFrom(...lookalikes)})
    const line = fc.array(piece, {minLength: 0, maxLength: 4}).map((parts) => parts.join(''))
    const block = fc
      .tuple(
        fc.constantFrom('$$', '$$', '$$', ' $$', '$$ x', '$$$'),
        fc.array(line, {minLength: 0, maxLength: 4}),
        fc.constantFrom(...closings),
        fc.constantFrom(...ends),
      )
      .map(([open, lines, close, end]) => [open, ...lines, ...(close ? [close] : [])].join('\n') + end)
    let taken = 0
    let errors = 0
    let closed = 0
    await fc.assert(
      fc.asyncProperty(block, fc.boolean(), async (text, last) => {
        const render = renderPlainMath(text, last)
        if (!render) return
        taken++
        if (render.messages.length > 0) errors++
        if (!last) closed++
        await expectPipelineRender(render, text, !last)
      }),
      {numRuns: 3000, seed: 1},
    )
    // Each kind is taken, or this would prove nothing. The run is seeded, so
    // the counts are the same every time; the bounds sit well below them.
    expect(taken).toBeGreaterThan(300)
    expect(errors).toBeGreaterThan(150)
    expect(closed).toBeGreaterThan(100)
  })

  it('renders every point of a formula streaming in as the pipeline does', async () => {
    const text =
      '$$\n\\begin{aligned}\n\\nabla \\cdot \\mathbf{E} &= \\frac{\\rho}{\\varepsilon_0} \\\\\n\\int_0^1 x^2 \\, dx &= \\tfrac{1}{3}\n\\end{aligned}\n$$\n'
    let shortWay = 0
    for (let end = 1; end <= text.length; end++) {
      const render = renderPlainMath(text.slice(0, end), true)
      if (!render) continue
      shortWay++
      await expectPipelineRender(render, text.slice(0, end))
    }
    // All but the first two characters, before `$$` and its line ending are there.
    expect(shortWay).toBe(text.length - 2)
  })
})
