import type {RootContent} from 'hast'
import fc from 'fast-check'
import GithubSlugger from 'github-slugger'
import {describe, expect, it} from 'vitest'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {headingTexts, takeBack, uniqueSlug, withHeadingIds, type SlugChange, type SlugCounts} from '../../../workers/display/heading-ids.ts'

const heading = (tagName: string, text: string, properties = {}) => ({
  type: 'element' as const,
  tagName,
  properties,
  children: [{type: 'text' as const, value: text}],
})

/** Slugs of each block's texts, in order, over one set of counts. */
const slugsOf = (blocks: string[][], counts: SlugCounts = new Map(), changes: SlugChange[][] = []) =>
  blocks.map((texts) => {
    const changed: SlugChange[] = []
    changes.push(changed)
    return texts.map((text) => uniqueSlug(text, counts, changed))
  })

describe('heading ids', () => {
  it('should slug headings like GitHub, unique across blocks', () => {
    const second: RootContent[] = [
      heading('h2', 'Hello World'),
      {type: 'element', tagName: 'blockquote', properties: {}, children: [heading('h3', 'Hello World')]},
    ]
    expect(slugsOf([headingTexts([heading('h1', 'Hello, World!')]) as string[], headingTexts(second) as string[]])).toEqual([
      ['hello-world'],
      ['hello-world-1', 'hello-world-2'],
    ])
  })

  it('should number repeated slugs as github-slugger does, whatever the order', () => {
    // Texts whose slugs collide with each other's numbered forms.
    const text = fc.constantFrom('a', 'A', 'a-1', 'a 1', 'a-1-1', 'a-2', 'b', 'a!', '')
    fc.assert(
      fc.property(fc.array(fc.array(text, {maxLength: 3}), {maxLength: 8}), (texts) => {
        const slugger = new GithubSlugger()
        expect(slugsOf(texts)).toEqual(texts.map((block) => block.map((value) => slugger.slug(value))))
      }),
      {numRuns: 500},
    )
  })

  it('should give the same slugs again after taking back the changes of the blocks from any point', () => {
    const text = fc.constantFrom('a', 'A', 'a-1', 'a 1', 'a-2', 'b')
    const blocks = fc.array(fc.array(text, {maxLength: 3}), {maxLength: 8})
    fc.assert(
      fc.property(blocks, blocks, fc.nat(), (before, after, at) => {
        const counts: SlugCounts = new Map()
        const changes: SlugChange[][] = []
        slugsOf(before, counts, changes)
        const keep = before.length === 0 ? 0 : at % (before.length + 1)
        for (let index = changes.length - 1; index >= keep; index--) takeBack(counts, changes[index]!)
        const resumed = [...slugsOf(before.slice(0, keep)), ...slugsOf(after, counts)].slice(keep)
        expect(resumed).toEqual(slugsOf([...before.slice(0, keep), ...after]).slice(keep))
      }),
      {numRuns: 300},
    )
  })

  it('should find the headings of a block that shares elements with an earlier block, as code that grows does', () => {
    const element = (tagName: string, children: RootContent[]) => ({type: 'element' as const, tagName, properties: {}, children}) as RootContent
    const kept = element('section', [element('div', [heading('h2', 'One')]), element('p', [element('span', [{type: 'text', value: 'x'}])])])
    expect(headingTexts([element('div', [kept])])).toEqual(['One'])
    // A new block around the same section, with a heading after it, and one with none.
    expect(headingTexts([element('div', [kept, element('blockquote', [heading('h3', 'Two')])])])).toEqual(['One', 'Two'])
    expect(headingTexts([element('div', [element('p', [element('span', [{type: 'text', value: 'y'}])])])])).toEqual([])
  })

  it('should find a heading that raw HTML puts in a <pre>, and none in highlighted code', async () => {
    const {hast} = await markdownToHast('<pre><h2>Raw</h2></pre>\n\n```js\n// # Not a heading\nlet x = 1\n```\n')
    expect(headingTexts(hast.children)).toEqual(['Raw'])
  })

  it('should find a heading that raw HTML writes inside a paragraph, which the HTML parser moves out of it', async () => {
    const {hast} = await markdownToHast('<p>Before <span><h2>Inside</h2></span> after</p>\n\nText with <h3>inline</h3> heading.\n')
    expect(headingTexts(hast.children)).toEqual(['Inside', 'inline'])
  })

  it('should find every heading of a quote that holds a list of 200,000 of them', () => {
    const items = Array.from({length: 200_000}, () => ({type: 'element' as const, tagName: 'li', properties: {}, children: [heading('h2', 'a')]}))
    const list = {type: 'element' as const, tagName: 'ul', properties: {}, children: items}
    expect(headingTexts([{type: 'element', tagName: 'blockquote', properties: {}, children: [list]}])).toHaveLength(200_000)
  })

  it('should skip headings that have an id and text hidden from readers', () => {
    const nodes: RootContent[] = [
      heading('h2', 'Footnotes', {id: 'user-content-footnote-label'}),
      {
        type: 'element',
        tagName: 'h2',
        properties: {},
        children: [
          {type: 'text', value: 'Sum '},
          {type: 'element', tagName: 'span', properties: {ariaHidden: 'true'}, children: [{type: 'text', value: 'x'}]},
        ],
      },
    ]
    expect(headingTexts(nodes)).toEqual(['Sum '])
  })

  it('should add ids without changing the original nodes', () => {
    const paragraph = {type: 'element' as const, tagName: 'p', properties: {}, children: []}
    const nodes: RootContent[] = [heading('h2', 'Intro'), paragraph]
    const result = withHeadingIds(nodes, ['intro'])
    expect(result[0]).toMatchObject({properties: {id: 'user-content-intro', dataSlug: 'intro'}})
    expect(result[1]).toBe(paragraph)
    expect(nodes[0]).toMatchObject({properties: {}})
  })
})
