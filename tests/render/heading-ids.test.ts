import type {Root} from 'hast'
import fc from 'fast-check'
import GithubSlugger from 'github-slugger'
import {describe, expect, it} from 'vitest'
import {headingSlugs, headingTexts, withHeadingIds} from '../../src/render/heading-ids.ts'

const heading = (tagName: string, text: string, properties = {}) => ({type: 'element' as const, tagName, properties, children: [{type: 'text' as const, value: text}]})

describe('heading ids', () => {
  it('should slug headings like GitHub, unique across blocks', () => {
    const first: Root = {type: 'root', children: [heading('h1', 'Hello, World!')]}
    const second: Root = {type: 'root', children: [heading('h2', 'Hello World'), {type: 'element', tagName: 'blockquote', properties: {}, children: [heading('h3', 'Hello World')]}]}
    expect(headingSlugs([first, second])).toEqual([['hello-world'], ['hello-world-1', 'hello-world-2']])
  })

  it('should number repeated slugs as github-slugger does, whatever the order', () => {
    // Texts whose slugs collide with each other's numbered forms.
    const text = fc.constantFrom('a', 'A', 'a-1', 'a 1', 'a-1-1', 'a-2', 'b', 'a!', '')
    fc.assert(
      fc.property(fc.array(fc.array(text, {maxLength: 3}), {maxLength: 8}), (texts) => {
        const blocks: Root[] = texts.map((block) => ({type: 'root', children: block.map((value) => heading('h2', value))}))
        const slugger = new GithubSlugger()
        expect(headingSlugs(blocks)).toEqual(texts.map((block) => block.map((value) => slugger.slug(value))))
      }),
      {numRuns: 500},
    )
  })

  it('should skip headings that have an id and text hidden from readers', () => {
    const block: Root = {
      type: 'root',
      children: [
        heading('h2', 'Footnotes', {id: 'user-content-footnote-label'}),
        {type: 'element', tagName: 'h2', properties: {}, children: [{type: 'text', value: 'Sum '}, {type: 'element', tagName: 'span', properties: {ariaHidden: 'true'}, children: [{type: 'text', value: 'x'}]}]},
      ],
    }
    expect(headingTexts(block)).toEqual(['Sum '])
  })

  it('should add ids without changing the original tree', () => {
    const paragraph = {type: 'element' as const, tagName: 'p', properties: {}, children: []}
    const block: Root = {type: 'root', children: [heading('h2', 'Intro'), paragraph]}
    const result = withHeadingIds(block, ['intro'])
    expect(result.children[0]).toMatchObject({properties: {id: 'user-content-intro', dataSlug: 'intro'}})
    expect(result.children[1]).toBe(paragraph)
    expect(block.children[0]).toMatchObject({properties: {}})
  })
})
