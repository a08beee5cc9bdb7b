// A table that streams in renders from its last row on (renderGrownTable);
// that piece renders without the pipeline when its cells are plain prose
// (renderPlainTable). Whenever it does, the result must be the pipeline's.
import fc from 'fast-check'
import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {renderPlain, renderPlainTable} from '../../../workers/incremental/plain-block.ts'
import {renderBlock, type BlockRender} from '../../../workers/incremental/render-block.ts'

const html = (render: BlockRender) => toHtml({type: 'root', children: render.nodes})
const fields = (r: BlockRender) => [r.slots, r.messages, r.footnoteRefs.length, r.closed, r.endsWithList, r.stable, r.slotted, r.hasHtml]

/** Expect `render` to be what the pipeline makes of `text`, as the last block or checked for being closed. */
async function expectPipelineRender(render: BlockRender, text: string): Promise<void> {
  for (const checkClosed of [false, true]) {
    const full = await renderBlock(text, '', checkClosed)
    expect(html(render), JSON.stringify(text)).toBe(html(full))
    expect(fields(render), JSON.stringify(text)).toEqual(fields(full))
  }
}

// Cells the short way takes, and look-alikes it must leave to the pipeline.
const cells = [
  'words',
  'two words',
  '88 ms',
  '`postMessage`',
  '**bold** text',
  '*em*',
  '~~gone~~',
  '[link](https://example.com/a)',
  '',
  ' ',
  '`open',
  'open *end',
  '1. not a list',
  '- not a list',
  '# not a heading',
  '> not a quote',
  'a \\| b',
  '`a|b`',
  'a\tb',
  '$x$',
  'www.example.com',
  'a@b.co',
  '<b>',
  '&amp;',
  '[^1]',
  '[ref]',
  ':tada:',
  '---',
  ':-:',
]
const delimiters = ['---', ':--', '--:', ':-:', '-', '- -', ':', '--- x', '']

describe('a table rendered without the pipeline', () => {
  it('equals the pipeline whenever it is used, at every length of the text', async () => {
    const cell = fc.oneof({weight: 4, arbitrary: fc.constantFrom(...cells.slice(0, 9))}, {weight: 1, arbitrary: fc.constantFrom(...cells)})
    const row = fc.tuple(
      fc.array(cell, {minLength: 1, maxLength: 4}),
      fc.constantFrom('|', '|', '|', '', ' |', '| '),
      fc.constantFrom('|', '|', '|', ' |', '', 'x |'),
    )
    const line = (start: string, parts: string[], end: string) => start + parts.map((part) => ` ${part} `).join('|') + end
    const table = fc
      .tuple(
        fc.integer({min: 1, max: 4}),
        fc.array(fc.constantFrom(...delimiters.slice(0, 4)), {minLength: 4, maxLength: 4}),
        fc.constantFrom(true, true, true, false),
        fc.constantFrom(...delimiters),
        fc.array(row, {maxLength: 4}),
        fc.constantFrom('', '', '\n', '\n\n', '\nlazy line', '\n|'),
      )
      .map(([columns, aligns, matching, odd, rows, end]) => {
        const header = line(
          '|',
          Array.from({length: columns}, (_, index) => `h${index}`),
          '|',
        )
        const delimiter = line('|', matching ? aligns.slice(0, columns) : [...aligns.slice(0, columns - 1), odd], '|')
        return [header, delimiter, ...rows.map(([parts, start, close]) => line(start, parts, close))].join('\n') + end
      })
    let taken = 0
    let cut = 0
    await fc.assert(
      fc.asyncProperty(table, fc.nat(), async (text, at) => {
        // Streamed text stops anywhere: a cut row, a cut cell.
        const cutAt = text.length - (at % Math.max(1, Math.floor(text.length / 3)))
        for (const piece of [text, text.slice(0, cutAt)]) {
          const render = renderPlainTable(piece)
          if (!render) continue
          taken++
          if (piece !== text) cut++
          await expectPipelineRender(render, piece)
        }
      }),
      {numRuns: 2000, seed: 1},
    )
    // The short way is taken, for cut text too, or this would prove nothing.
    // The run is seeded, so the counts are the same every time.
    expect(taken).toBeGreaterThan(400)
    expect(cut).toBeGreaterThan(150)
  })

  it('takes a table of the kind a model writes', () => {
    const text =
      '| API | cost | note |\n| :-- | --: | --- |\n| `postMessage` | 88 ms | **copies** the data |\n| `JSON.parse` | 12 ms | see [docs](https://example.com/json) |\n| `Array.prototy'
    const render = renderPlain(text)
    expect(render).toBeDefined()
    expect(html(render!)).toContain('<td align="left">`Array.prototy</td>')
  })
})
