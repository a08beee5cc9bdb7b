import type {Element, RootContent} from 'hast'
import {describe, expect, it} from 'vitest'
import {columnsOf, sliceColumns} from '../../../shared/display.ts'
import {markWideTables, wideTableColumns} from '../../../workers/display/wide-tables.ts'
import {markdownToHast} from '../../../workers/pipeline.ts'

const table = async (columns: number) => {
  const row = (value: (column: number) => string) => `| ${Array.from({length: columns}, (_, column) => value(column)).join(' | ')} |\n`
  return (await markdownToHast(`> ${row((column) => `h${column}`)}> ${row(() => '---')}> ${row((column) => `${column}`)}`)).hast.children
}
const tableIn = (nodes: RootContent[]) => (nodes[0] as Element).children.find((node) => node.type === 'element' && node.tagName === 'table') as Element

describe('wide tables', () => {
  it('should leave tables of up to the limit alone', async () => {
    const nodes = await table(wideTableColumns)
    expect(markWideTables(nodes)).toBe(nodes)
  })

  it('should set a wide table’s sections aside in its data, where no walk of its children finds them', async () => {
    const nodes = await table(wideTableColumns + 50)
    const marked = tableIn(markWideTables(nodes))
    const original = tableIn(nodes)
    expect(marked.children).toEqual([])
    expect(marked.properties).toEqual(original.properties)
    const sections = marked.data!.wideTable!
    expect(columnsOf(sections)).toBe(wideTableColumns + 50)
    // The original keeps its rows: the render memo holds it.
    expect(original.children.length).toBeGreaterThan(0)
    const slice = sliceColumns(sections, 10, 12)
    expect(slice.map((section) => section.children.map((row) => (row as Element).children.length))).toEqual([[2], [2]])
  })
})
