import type {Element, Root} from 'hast'
import {describe, expect, it} from 'vitest'
import {rowsToCsv, tableData, tableToMarkdown} from '../../src/render/table-data.ts'
import {hastToDisplay} from '../../workers/display/block-to-display.ts'
import {markdownToHast} from '../../workers/pipeline.ts'

/** The first table of `markdown` as the preview gets it (display-ready, a wide one's rows set aside). */
async function tableOf(markdown: string): Promise<Element> {
  const root: Root = hastToDisplay((await markdownToHast(markdown)).hast)
  const table = root.children.find((node): node is Element => node.type === 'element' && node.tagName === 'table')
  if (!table) throw new Error('Expected a table')
  return table
}

const sample = [
  '| Name | Note | Formula |',
  '|:--|:-:|--:|',
  '| `a\\|b` | say "hi", twice<br>then stop | $x^2$ |',
  '| **bold** and *em* | [link](https://example.com) | |',
  '| ~~gone~~ ``x`y`` | ![alt](/logo.svg) 2 \\* 3 | note[^n] |',
  '',
  '[^n]: A note.',
].join('\n')

describe('table data', () => {
  it('should read the text of every cell, with alignment, math as TeX and line breaks', async () => {
    const data = tableData(await tableOf(sample), 'text')
    expect(data.aligns).toEqual(['left', 'center', 'right'])
    expect(data.rows).toEqual([
      ['Name', 'Note', 'Formula'],
      ['a|b', 'say "hi", twice\nthen stop', 'x^2'],
      ['bold and em', 'link', ''],
      ['gone x`y', '2 * 3', 'note1'],
    ])
  })

  it('should copy as a GFM table written as it was: formatting, code, links, images, math and footnotes kept, rendering the same', async () => {
    const markdown = tableToMarkdown(tableData(await tableOf(sample)))
    expect(markdown).toBe(
      [
        '| Name | Note | Formula |',
        '| :--- | :---: | ---: |',
        '| `a\\|b` | say "hi", twice<br>then stop | $x^2$ |',
        '| **bold** and *em* | [link](https://example.com) |  |',
        '| ~~gone~~ ``x`y`` | ![alt](/logo.svg) 2 \\* 3 | note[^n] |',
        '',
      ].join('\n'),
    )
    const again = await tableOf(`${markdown}\n[^n]: A note.\n`)
    expect(tableData(again)).toEqual(tableData(await tableOf(sample)))
    expect(tableData(again, 'text')).toEqual(tableData(await tableOf(sample), 'text'))
  })

  it('should write CSV as RFC 4180 says: quoted fields with commas, quotes or line breaks, CRLF rows', async () => {
    expect(rowsToCsv(tableData(await tableOf(sample), 'text').rows)).toBe(
      'Name,Note,Formula\r\na|b,"say ""hi"", twice\nthen stop",x^2\r\nbold and em,link,\r\ngone x`y,2 * 3,note1\r\n',
    )
  })

  it('should export every column of a wide table, mounted or not', async () => {
    const row = (value: (column: number) => string) => `| ${Array.from({length: 300}, (_, column) => value(column)).join(' | ')} |\n`
    const table = await tableOf(row((column) => `h${column}`) + row(() => '---') + row((column) => `v${column}`))
    expect(table.children).toEqual([])
    const {rows} = tableData(table, 'text')
    expect(rows.map((cells) => cells.length)).toEqual([300, 300])
    expect(rows[1]!.at(-1)).toBe('v299')
  })
})
