import type {Element, Root} from 'hast'
import {toString} from 'hast-util-to-string'
import {describe, expect, it} from 'vitest'
import {chunkLongParagraphs, elementWeight, minTextToChunk, textChunkChars} from '../../../workers/display/text-chunks.ts'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {hostileInputs} from '../../fixtures/hostile.ts'

const paragraphOf = (tree: Root) => tree.children.find((node) => node.type === 'element' && node.tagName === 'p') as Element
const chunksOf = (tree: Root) => paragraphOf(tree).children as Element[]

describe('chunkLongParagraphs', () => {
  it('should leave paragraphs under the threshold alone', async () => {
    const {hast} = await markdownToHast('word '.repeat(minTextToChunk / 5 - 1))
    expect(chunkLongParagraphs(hast)).toBe(hast)
  })

  it('should cut a 2 MB line into chunks at spaces, keeping the text', async () => {
    const markdown = hostileInputs.find((input) => input.name === 'long-line')!.markdown()
    const {hast} = await markdownToHast(markdown)
    const chunked = chunkLongParagraphs(hast)
    const chunks = chunksOf(chunked)
    expect(chunks.length).toBeGreaterThan(markdown.length / textChunkChars)
    expect(chunks.every((chunk) => chunk.tagName === 'span' && String(chunk.properties.className) === 'text-chunk')).toBe(true)
    expect(chunks.every((chunk) => toString(chunk).length <= textChunkChars)).toBe(true)
    expect(chunks.slice(0, -1).every((chunk) => toString(chunk).endsWith(' '))).toBe(true)
    expect(toString(paragraphOf(chunked))).toBe(toString(paragraphOf(hast)))
  })

  it('should keep inline elements whole', async () => {
    const {hast} = await markdownToHast('**b** and [link](https://example.com) '.repeat(3000))
    const chunked = chunkLongParagraphs(hast)
    const chunks = chunksOf(chunked)
    expect(chunks.length).toBeGreaterThan(5)
    const elements = (tree: Element[]) => tree.flatMap((chunk) => chunk.children.filter((child): child is Element => child.type === 'element'))
    expect(elements(chunks).map((element) => element.tagName)).toEqual(
      paragraphOf(hast)
        .children.filter((child) => child.type === 'element')
        .map((element) => (element as Element).tagName),
    )
    expect(toString(paragraphOf(chunked))).toBe(toString(paragraphOf(hast)))
  })

  it('should weigh inline elements: the paragraph of 1,000 footnote references is cut into chunks of a few dozen', async () => {
    const markdown = hostileInputs.find((input) => input.name === 'footnotes')!.markdown()
    const {hast} = await markdownToHast(markdown)
    const chunked = chunkLongParagraphs(hast)
    const chunks = chunksOf(chunked)
    const references = chunks.map((chunk) => chunk.children.filter((child) => child.type === 'element' && child.tagName === 'sup').length)
    expect(references.reduce((sum, count) => sum + count)).toBe(1000)
    // A reference is a `sup` and an `a`: two elements.
    expect(Math.max(...references)).toBeLessThanOrEqual(textChunkChars / (2 * elementWeight))
    expect(toString(paragraphOf(chunked))).toBe(toString(paragraphOf(hast)))
    // Each chunk starts a line: cut between words, "Note" stays with its reference.
    expect(chunks.slice(0, -1).filter((chunk) => !/\s$/.test(toString(chunk)))).toEqual([])
    expect(chunks.slice(1).map((chunk) => toString(chunk).slice(0, 4))).toEqual(chunks.slice(1).map(() => 'Note'))
  })

  it('should cut a run without spaces anywhere but inside a surrogate pair', async () => {
    const markdown = 'x' + '😀'.repeat(minTextToChunk)
    const {hast} = await markdownToHast(markdown)
    const chunks = chunksOf(chunkLongParagraphs(hast))
    expect(chunks.length).toBeGreaterThanOrEqual(Math.floor(markdown.length / textChunkChars))
    for (const chunk of chunks) expect(toString(chunk)).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/)
    expect(chunks.map((chunk) => toString(chunk)).join('')).toBe(markdown)
  })
})
