// A paragraph (or a list's or quote's last paragraph) that grows at its end is
// rendered from its last word on and joined to the previous render, and a
// tight list from its last item (workers/incremental/grow-paragraph.ts), and
// open fenced code from its new code (grow-code.ts). Whenever that is done, the result
// must be the block's full render.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {html, texts} from './block-texts.ts'
import {renderPlain} from '../../../workers/incremental/plain-block.ts'
import {renderBlock} from '../../../workers/incremental/render-block.ts'
import {renderGrownCode} from '../../../workers/incremental/grow-code.ts'
import {renderGrownParagraph} from '../../../workers/incremental/grow-paragraph.ts'
import {renderGrownList, renderGrownTable} from '../../../workers/incremental/grow-rows.ts'
import {createClient, fullHtml, nextSessionId} from './session-helpers.ts'
import {closeSession} from '../../../workers/session/session.ts'

/** `before`, rendered alone, grown by `added` from its last word; `undefined` where that is not done. */
async function grow(before: string, added: string) {
  return renderGrownParagraph(await renderBlock(before, '', false), before, before + added, '')
}

describe('rendering a grown paragraph from its last word', () => {
  it('gives the full render at every step of typing each text', async () => {
    let grownSteps = 0
    let listSteps = 0
    let codeSteps = 0
    let plainSteps = 0
    let endSteps = 0
    let tableSteps = 0
    let steps = 0
    for (const text of texts) {
      // The footnote definitions are context, not the growing block.
      const body = text.split('\n\n[^')[0]!
      const prefix = text.includes('[^1]') ? '[^1]: .\n\n[^2]: .\n\n[offthread-context-end]: #\n\n' : ''
      for (const size of [1, 3, 7]) {
        let previousText = body.slice(0, size)
        let previous = await renderBlock(previousText, prefix, false)
        for (let end = 2 * size; end < body.length + size; end += size) {
          const next = body.slice(0, end)
          const full = await renderBlock(next, prefix, false)
          const grown =
            (await renderGrownParagraph(previous, previousText, next, prefix)) ??
            (await renderGrownList(previous, previousText, next, prefix)) ??
            (await renderGrownTable(previous, previousText, next, prefix)) ??
            (await renderGrownCode(previous, previousText, next))
          steps++
          if (grown) {
            grownSteps++
            if (
              grown.nodes[0]?.type === 'element' &&
              /^[uo]l$/.test(grown.nodes[0].tagName) &&
              (await renderGrownParagraph(previous, previousText, next, prefix)) === undefined
            )
              listSteps++
            if (grown.nodes[0]?.type === 'element' && grown.nodes[0].tagName === 'pre') codeSteps++
            if (grown.nodes[0]?.type === 'element' && grown.nodes[0].tagName === 'table') tableSteps++
            if (grown.split && renderPlain(next.slice(grown.split.at))) plainSteps++
            if (grown.split && grown.split.at > previousText.replace(/[ \t]+$/, '').length) endSteps++
            const where = `${JSON.stringify(previousText)} -> ${JSON.stringify(next)}`
            expect(html(grown), where).toBe(html(full))
            expect(grown.messages, where).toEqual(full.messages)
            expect(grown.footnoteRefs.length, where).toBe(full.footnoteRefs.length)
            expect([grown.stable, grown.closed, grown.endsWithList, grown.slots], where).toEqual([full.stable, full.closed, full.endsWithList, full.slots])
          }
          previous = grown ?? full
          previousText = next
        }
      }
    }
    // Most steps take the short way; a test that never did would prove nothing.
    expect(grownSteps).toBeGreaterThan(steps / 2)
    expect(listSteps).toBeGreaterThan(100)
    expect(codeSteps).toBeGreaterThan(200)
    expect(plainSteps).toBeGreaterThan(300)
    expect(endSteps).toBeGreaterThan(100)
    expect(tableSteps).toBeGreaterThan(100)
  })

  it('is not used where the text before the last word leaves something open', async () => {
    const cases = [
      ['Some *open emphasis', ' and more'],
      ['A [bracket and words', ' then more'],
      ['A `code span and words', ' then more'],
      ['Math $x and words', ' then more'],
      ['A <span>tag and words', ' then more'],
      ['<https://auto and words', ' then more'],
      ['$5 and words', ' then more$'],
      ['_underscore and words', ' then more_'],
      ['~tilde and words', ' then more~'],
      // A `]` followed by `(` or `[` may still make a link, and an escaped one closes nothing.
      ['A [link](https://example.com and', ' more)'],
      ['A [full][ref and', ' more]'],
      ['A [b\\] c and', ' d](https://example.com)'],
      ['A [b&#93; c and', ' d](https://example.com)'],
    ] as const
    for (const [before, added] of cases) expect(await grow(before, added), before).toBeUndefined()
  })

  it('is used where what the text before the last word leaves cannot open anything, and equals the full render', async () => {
    const cases = [
      ['Wow! Such words and', ' more'],
      ['Two * three and', ' more'],
      ['A snake_case word and', ' more'],
      ['Then a < b and c > d and', ' more'],
      ['Escaped \\# and words', ' then more'],
      ['A ] bracket and a | pipe and', ' more'],
      ['It costs $5 or $6 and', ' more'],
      // An `&` that starts no character reference is itself.
      ['R&D costs $5 & $6 and', ' more'],
      ['Some *em* and ~~gone~~ and', ' more'],
      // A bracket closed without making a link was dropped by the parser.
      ['A claim.[^1] Then more and', ' more'],
      ['See [the docs] and', ' more](https://example.com)'],
      ['Nested [a [b] c] and', ' more]'],
      // A formula not closed yet: its TeX's backslashes are themselves, so the cut is just before it.
      ['A claim.[^1] Then $\\alpha_i = \\frac{x}{y', ' more$'],
    ] as const
    for (const [before, added] of cases) {
      const grown = await grow(before, added)
      expect(grown, before).toBeDefined()
      expect(html(grown!), before).toBe(html(await renderBlock(before + added, '', false)))
      // Only the text after the last bracket renders again.
      if (before.includes(']')) expect(grown!.split!.at, before).toBeGreaterThan(before.lastIndexOf(']'))
      if (before.includes('$\\')) expect(grown!.split!.at, before).toBe(before.indexOf('Then'))
    }
  })

  it('reads what could still open as the parser does, or renders the whole block', async () => {
    const cases = [
      // An escaped `$` cannot close math, and `&#32;` is no space to the parser.
      ['Word  $b & &\\$ a', '$'],
      ['Word $&#32; c', '$'],
      // An escaped `*` makes no run with the one before it.
      ['Word  b *\\* c', '*'],
      // Micromark lets `*` open before strikethrough's `~`.
      ['Word x_ c*~~ c[', '*'],
    ] as const
    for (const [before, added] of cases) {
      const grown = await grow(before, added)
      if (grown) expect(html(grown), before).toBe(html(await renderBlock(before + added, '', false)))
    }
  })

  it('equals the full render on text dense with marks, escapes and character references', async () => {
    const piece = fc.constantFrom('b ', ' ', 'x', ' c', '\\*', '\\$', '\\alpha', '&', '&#32;', '*', '_', '~~', '$', '[', ']')
    const before = fc.array(piece, {minLength: 2, maxLength: 8}).map((pieces) => `Word ${pieces.join('')}`)
    const added = fc.constantFrom('q', '*', '_', '$', '](u)')
    let used = 0
    await fc.assert(
      fc.asyncProperty(before, added, async (text, more) => {
        const grown = await grow(text, more)
        if (grown) used++
        if (grown) expect(html(grown)).toBe(html(await renderBlock(text + more, '', false)))
      }),
      {numRuns: 5000, seed: 1},
    )
    expect(used).toBeGreaterThan(200)
  })

  it('gives a session the full render while a document with every kind of paragraph streams in', async () => {
    // Four texts a document: each block is followed by others, and a full
    // render at every step stays short.
    for (let group = 0; group < texts.length; group += 4) {
      const document = texts.slice(group, group + 4).join('\n\n')
      for (const size of [5, 40]) {
        const id = nextSessionId()
        const client = createClient(id)
        try {
          for (let end = size; end < document.length + size; end += size) {
            const text = document.slice(0, end)
            expect((await client.update(text)).html, JSON.stringify(text.slice(-80))).toBe(await fullHtml(text))
          }
        } finally {
          closeSession(id)
        }
      }
    }
  })
})
