// A model's reply ends with its footnote definitions. A definition that is a
// block of its own renders as nothing where it stands without the pipeline
// (plain-block.ts), and the reply streams in as a full render shows it.
import {describe, expect, it} from 'vitest'
import {generateReply} from '../../../shared/gen-reply.ts'
import {renderPlain} from '../../../workers/incremental/plain-block.ts'
import {contextPrefix, renderBlock} from '../../../workers/incremental/render-block.ts'
import {closeSession} from '../../../workers/session/session.ts'
import {createClient, fullHtml, nextSessionId} from './session-helpers.ts'

describe('footnote definitions one after the other', () => {
  it('render as nothing where they stand without the pipeline only when the pipeline gives the same', async () => {
    const texts = [
      ['[^a]: Words, https://x.example/1.', true],
      ['[^a]: Words\n', true],
      ['[^a]: $x$ and *em*\n\n', true],
      ['[^long-label_2]: x', true],
      ['[^a]: <b>raw</b> html', false],
      ['[^a]: cites[^b]', false],
      ['[^a]: two\nlines', false],
      ['[^a]:x', false],
      ['[^a b]: x', false],
      ['[^a]: ```', false],
    ] as const
    for (const [text, plain] of texts) {
      const render = renderPlain(text)
      expect(Boolean(render), text).toBe(plain)
      if (!render) continue
      const variants: Array<[checkClosed: boolean, beforeContainer: boolean]> = [
        [false, false],
        [true, false],
        [true, true],
      ]
      for (const [checkClosed, beforeContainer] of variants) {
        const full = await renderBlock(text, contextPrefix(['a', 'b', 'long-label_2'], []), checkClosed, false, beforeContainer)
        expect(render, `${text} ${checkClosed} ${beforeContainer}`).toEqual(full)
      }
    }
  })

  it('stream in as a full render shows them', async () => {
    const reply = generateReply(3_000, 11, {footnotes: true})
    const id = nextSessionId()
    const client = createClient(id)
    try {
      // From just before the definitions, where the blocks split.
      const from = reply.indexOf('\n[^') - 50
      expect(from).toBeGreaterThan(0)
      for (let end = from; end < reply.length + 5; end += 5) {
        const text = reply.slice(0, end)
        expect((await client.update(text)).html, JSON.stringify(text.slice(-40))).toBe(await fullHtml(text))
      }
    } finally {
      closeSession(id)
    }
  })
})
