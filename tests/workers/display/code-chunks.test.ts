import type {Element, Root} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {toString} from 'hast-util-to-string'
import {describe, expect, it} from 'vitest'
import {chunkLines, chunkLongCode} from '../../../workers/display/code-chunks.ts'
import {markdownToHast} from '../../../workers/pipeline.ts'

const codeOf = (tree: Root) => (tree.children.find((node) => node.type === 'element' && node.tagName === 'pre') as Element).children[0] as Element

describe('chunkLongCode', () => {
  it('should leave short code blocks alone', async () => {
    const {hast} = await markdownToHast('```\n' + 'line\n'.repeat(2 * chunkLines) + '```\n')
    expect(chunkLongCode(hast)).toBe(hast)
  })

  it('should cut long plain code into chunks whose text, with the line endings between them, is the code', async () => {
    const lines = Array.from({length: 1000}, (_, index) => `line ${index}`)
    const {hast} = await markdownToHast('```\n' + lines.join('\n') + '\n```\n')
    const chunked = chunkLongCode(hast)
    const code = codeOf(chunked)
    const chunks = code.children.filter((child): child is Element => child.type === 'element')
    expect(chunks).toHaveLength(5)
    expect(chunks.every((chunk) => chunk.properties.className?.toString() === 'code-chunk')).toBe(true)
    // Each chunk holds its lines without the last line ending; that one sits between chunks.
    expect(toString(chunks[0]!)).toBe(lines.slice(0, chunkLines).join('\n'))
    // Plain code stays one text node per chunk: few DOM nodes to create.
    expect(chunks.every((chunk) => chunk.children.length === 1 && chunk.children[0]!.type === 'text')).toBe(true)
    expect(toString(code)).toBe(toString(codeOf(hast)))
  })

  it('should keep highlighted lines whole and the text the same', async () => {
    const source = Array.from({length: 700}, (_, index) => `const value${index} = ${index} // note`).join('\n')
    const {hast} = await markdownToHast('```ts\n' + source + '\n```\n')
    const chunked = chunkLongCode(hast)
    const code = codeOf(chunked)
    const chunks = code.children.filter((child): child is Element => child.type === 'element')
    expect(chunks).toHaveLength(4)
    expect(toString(code)).toBe(toString(codeOf(hast)))
    // Shiki's line spans move into the chunks unchanged.
    const lineSpans = (element: Element) => toHtml(element).match(/<span class="line">/g)?.length ?? 0
    expect(chunks.reduce((total, chunk) => total + lineSpans(chunk), 0)).toBe(700)
  })
})
