/**
 * A long render's progressive updates: the first blocks early, then
 * batches the main thread takes in quickly, signs of life in between, and
 * the footnotes section last; the end equals a full render.
 */
import {describe, expect, it} from 'vitest'
import {toHtml} from 'hast-util-to-html'
import {createSessionMirror} from '../../../shared/protocol.ts'
import {isCold} from '../../../workers/highlighter.ts'
import {batchChars, closeSession, renderSession} from '../../../workers/session/session.ts'
import {fullHtml, nextSessionId, onUpdate, renderLong} from './session-helpers.ts'

describe('progressive first render', () => {
  /** 400 parts of a heading and a paragraph: 800 blocks. */
  const partsText = Array.from({length: 400}, (_, index) => `## Part ${index}\n\nSome *text* with $x_${index}$ and \`code\`.`).join('\n\n')

  it('should keep each partial update to a batch of source the main thread takes in quickly', async () => {
    // Paragraphs of one size; inline math takes them through the pipeline (about a millisecond each).
    const paragraph = (index: number) =>
      `Paragraph ${String(index).padStart(4, '0')} has $x_{${index % 10}}$ in it. ` + 'Plain words of prose follow here. '.repeat(5)
    const text = Array.from({length: 1_000}, (_, index) => paragraph(index)).join('\n\n') + '\n'
    const blockChars = paragraph(0).length + 2
    const sizes: number[] = []
    const id = nextSessionId()
    await renderSession(
      id,
      text,
      1,
      {},
      onUpdate((update) => sizes.push(update.order.length)),
    )
    closeSession(id)
    expect(sizes.length).toBeGreaterThan(2)
    // Every partial update holds at most the batch, and the block that went over it.
    for (const blocks of sizes) expect(blocks * blockChars).toBeLessThanOrEqual(batchChars + blockChars)
  })

  it('should send the first blocks early, then batches, ending equal to a full render', async () => {
    const text = partsText
    const mirror = createSessionMirror()
    const partials: number[] = []
    const scanned: number[] = []
    const id = nextSessionId()
    const final = await renderSession(
      id,
      text,
      1,
      {},
      onUpdate((update) => {
        expect(update.partial).toBe(true)
        mirror.apply(update)
        partials.push(update.total)
        scanned.push(update.scanned)
      }),
    )
    mirror.apply(final)
    expect(final.partial).toBe(false)
    expect(partials.length).toBeGreaterThan(1)
    expect(partials[0]).toBeLessThan(final.total / 2)
    // From the first partial update on, the main thread knows how long the document is.
    expect(final.scanned).toBe(800)
    expect(
      scanned.every((count) => count === final.scanned),
      scanned.join(','),
    ).toBe(true)
    // Each partial continues where the previous one ended.
    expect([...partials].sort((a, b) => a - b)).toEqual(partials)
    expect(toHtml(mirror.hast())).toBe(await fullHtml(text))
    closeSession(id)
  })

  it('should not send a partial update that holds fewer blocks than the main thread, but signs of life', async () => {
    const mirror = createSessionMirror()
    const id = nextSessionId()
    // Long enough that the render again outlasts the interval between signs of life, however warm the caches.
    const longText = Array.from({length: 600}, (_, index) => `## Part ${index}\n\nSome *text* with $x_{${index}}$ and \`code\`.`).join('\n\n')
    mirror.apply(
      await renderSession(
        id,
        longText,
        1,
        {},
        onUpdate((update) => mirror.apply(update)),
      ),
    )
    // Every block changes (its formula too): a long render again, from the first block on.
    const text = longText.replaceAll('Some', 'Any').replaceAll('$x_', '$y_')
    const events: string[] = []
    const final = await renderSession(id, text, 2, {}, (event) => {
      events.push(event.type)
      if (event.type === 'update') mirror.apply(event.update)
    })
    mirror.apply(final)
    expect(events).not.toContain('update')
    expect(events).toContain('alive')
    expect(toHtml(mirror.hast())).toBe(await fullHtml(text))
    closeSession(id)
  })

  it('should not hold the first screen back for the first code in a grammar', async () => {
    // COBOL: no other test in this file highlights it, so its grammar is compiled on first use here.
    expect(isCold('cobol')).toBe(true)
    const code = '```cobol\n       IDENTIFICATION DIVISION.\n       PROGRAM-ID. HELLO.\n       PROCEDURE DIVISION.\n           DISPLAY "Hello".\n```'
    const text = [
      '# Title',
      'A first paragraph with *emphasis*.',
      '- a list\n- of two',
      code,
      ...Array.from({length: 30}, (_, index) => `Paragraph ${index}.`),
    ].join('\n\n')
    // A warm pipeline renders the blocks before the code well within the first screen's time.
    const warm = nextSessionId()
    await renderSession(warm, '# Warm\n\nUp *x* and $y$.\n\n- a\n- b\n', 1)
    closeSession(warm)
    const mirror = createSessionMirror()
    const first: string[] = []
    let highlightedBeforeFirst: boolean | undefined
    const id = nextSessionId()
    const final = await renderSession(
      id,
      text,
      1,
      {},
      onUpdate((update) => {
        if (first.length === 0) {
          first.push(...update.blocks.map((block) => toHtml(block.hast)))
          highlightedBeforeFirst = !isCold('cobol')
        }
        mirror.apply(update)
      }),
    )
    mirror.apply(final)
    // The first update holds the three blocks before the code, and went out
    // before the code was highlighted, which is slow in a grammar not used yet.
    expect(first).toHaveLength(3)
    expect(first[0]).toContain('Title')
    expect(highlightedBeforeFirst).toBe(false)
    expect(isCold('cobol')).toBe(false)
    expect(toHtml(mirror.hast())).toBe(await fullHtml(text))
    closeSession(id)
  })

  it('should send the footnotes section of a long render on its own, after the last blocks', async () => {
    const text = Array.from({length: 400}, (_, index) => `Part ${index} with *text* and $x_${index}$, noted[^n${index}].\n\n[^n${index}]: Note ${index}.`).join(
      '\n\n',
    )
    const {final, partials, html} = await renderLong(text)
    expect(partials).toBeGreaterThan(1)
    expect(final.blocks.map((block) => block.id)).toEqual(['footnotes'])
    expect(html).toBe(await fullHtml(text))
  })
})

describe('footnotes section in the last block of a long render', () => {
  it('should send the last block again when the section goes into it after the partial updates', async () => {
    const parts = Array.from({length: 400}, (_, index) => `Part ${index} with *text* and $x_${index}$, noted[^n${index}].\n\n[^n${index}]: Note ${index}.`)
    const text = parts.join('\n\n') + '\n\n<details>\n<summary>More</summary>\n\nInside *markdown*.\n'
    const {partials, html} = await renderLong(text)
    expect(partials).toBeGreaterThan(1)
    expect(html).toBe(await fullHtml(text))
  })
})
