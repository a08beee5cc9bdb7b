/**
 * Inline formulas in blocks rendered without the pipeline
 * (workers/incremental/plain-block.ts): one KaTeX has not typeset before is
 * typeset there, as the pipeline would; one with an error is left to it.
 */
import {describe, expect, it} from 'vitest'
import {renderPlain} from '../../../workers/incremental/plain-block.ts'
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
