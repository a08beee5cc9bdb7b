// A model's reply ends with its footnote definitions, one per line: each is
// a block of its own (block-scanner.ts), so an append re-renders the one
// being written, not all of them; the output stays a full render's.
import {describe, expect, it} from 'vitest'
import {generateReply} from '../../../shared/gen-reply.ts'
import {scanBlocks} from '../../../workers/incremental/block-scanner.ts'
import {renderPlain} from '../../../workers/incremental/plain-block.ts'
import {renderBlock} from '../../../workers/incremental/render-block.ts'
import {contextPrefix} from '../../../workers/incremental/block-prefix.ts'
import {closeSession} from '../../../workers/session/session.ts'
import {createClient, expectSameAsFull, fullHtml, nextSessionId} from './session-helpers.ts'

const blocksOf = (text: string) => scanBlocks(text).blocks.map(({start, end}) => text.slice(start, end))

describe('footnote definitions one after the other', () => {
  it('are a block each, with the lines that go on with them', () => {
    const text = 'Body[^a][^b][^c].\n\n[^a]: First.\n[^b]: Second\nlazy line\n    indented line\n[^c]:'
    expect(blocksOf(text)).toEqual(['Body[^a][^b][^c].\n\n', '[^a]: First.\n', '[^b]: Second\nlazy line\n    indented line\n', '[^c]:'])
  })

  it('stay one block where a line may not be in the definition', () => {
    for (const text of [
      // An HTML block takes in lines to the next blank one.
      '<div>\n[^a]: in html\n[^b]: too',
      'Text\n[^a]: after a paragraph\n[^b]: x',
      // Not a paragraph: the definition ends at the next line in column 0.
      '[^a]: ```\ncode\n[^b]: x',
      '[^a]: # heading\nwords\n[^b]: x',
      // Indented code in the definition.
      '[^a]: A\n\n        code\nwords\n[^b]: x',
      // A raw element left open.
      '[^a]: <b>open\n[^b]: x',
    ]) {
      expect(blocksOf(text).slice(-1)[0], text).toMatch(/^(?:<div>|Text|\[\^a\])/)
    }
  })

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

  it('stream in a character at a time as a full render shows them: no text yet, and the next label arriving on the line after', async () => {
    // A reply's first three definitions, under a paragraph that cites them.
    const reply = generateReply(2_000, 11, {footnotes: true})
    const from = reply.search(/^\[\^[^\]]+\]:/m)
    const definitions = reply.slice(from, reply.indexOf('\n[^4]:', from) + 1)
    expect(definitions.match(/\.\n\[\^\d+\]: /g)).toHaveLength(2)
    const head = 'Claims[^1], more[^2] and the last[^3].\n\n'
    await expectSameAsFull(Array.from({length: definitions.length + 1}, (_, index) => head + definitions.slice(0, index)))
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
