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
  '| **bold** | [link](https://example.com) | |',
].join('\n')

describe('table data', () => {
  it('should read the text of every cell, with alignment, math as TeX and line breaks', async () => {
    const data = tableData(await tableOf(sample))
    expect(data.aligns).toEqual(['left', 'center', 'right'])
    expect(data.rows).toEqual([
      ['Name', 'Note', 'Formula'],
      ['a|b', 'say "hi", twice\nthen stop', '$x^2$'],
      ['bold', 'link', ''],
    ])
    expect(tableData(await tableOf(sample), 'bare').rows[1]![2]).toBe('x^2')
  })

  it('should copy as a GFM table that renders to the same cells', async () => {
    const markdown = tableToMarkdown(tableData(await tableOf(sample)))
    expect(markdown).toBe(
      ['| Name | Note | Formula |', '| :--- | :---: | ---: |', '| a\\|b | say "hi", twice<br>then stop | $x^2$ |', '| bold | link |  |', ''].join('\n'),
    )
    expect(tableData(await tableOf(markdown))).toEqual(tableData(await tableOf(sample)))
  })

  it('should write CSV as RFC 4180 says: quoted fields with commas, quotes or line breaks, CRLF rows', async () => {
    expect(rowsToCsv(tableData(await tableOf(sample), 'bare').rows)).toBe('Name,Note,Formula\r\na|b,"say ""hi"", twice\nthen stop",x^2\r\nbold,link,\r\n')
  })

  it('should export every column of a wide table, mounted or not', async () => {
    const row = (value: (column: number) => string) => `| ${Array.from({length: 300}, (_, column) => value(column)).join(' | ')} |\n`
    const table = await tableOf(row((column) => `h${column}`) + row(() => '---') + row((column) => `v${column}`))
    expect(table.children).toEqual([])
    const {rows} = tableData(table, 'bare')
    expect(rows.map((cells) => cells.length)).toEqual([300, 300])
    expect(rows[1]!.at(-1)).toBe('v299')
  })
})
