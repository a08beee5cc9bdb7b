import {toJsxRuntime} from 'hast-util-to-jsx-runtime'
import {renderToStaticMarkup} from 'react-dom/server'
import {Fragment, jsx, jsxs} from 'react/jsx-runtime'
import {describe, expect, it} from 'vitest'
import {styleObject, withStyleObjects} from '../../src/render/style-objects.ts'
import {markdownToHast} from '../../workers/pipeline.ts'

const markup = (tree: Parameters<typeof toJsxRuntime>[0]) => renderToStaticMarkup(toJsxRuntime(tree, {Fragment, jsx, jsxs}))

describe('style objects for the preview', () => {
  it('gives React the same markup as the runtime parsing each string, for highlighted code and math', async () => {
    const markdown = '```ts\nconst answer: number = 42 // the answer\n```\n\n$\\frac{a}{b} + \\sqrt{x^2}$\n\n$$\n\\int_0^1 x\\,dx\n$$'
    const parsedByRuntime = markup((await markdownToHast(markdown)).hast)
    // The preview's copy, as a worker message gives it (the worker's own
    // tree shares frozen parts with its caches).
    const tree = structuredClone((await markdownToHast(markdown)).hast)
    const cached = markup(withStyleObjects(tree))
    expect(parsedByRuntime).toContain('--shiki-light:')
    expect(parsedByRuntime).toContain('style="height:')
    expect(cached).toBe(parsedByRuntime)
    // Once given objects, a second pass changes nothing.
    expect(markup(withStyleObjects(tree))).toBe(parsedByRuntime)
  })

  it('copies the frozen parts a tree rendered in this thread shares with the caches, and changes nothing in them', async () => {
    const markdown = '```js\nconst shared = true\n```\n\n$\\sqrt{2}$'
    const expected = markup((await markdownToHast(markdown)).hast)
    // Rendered again, the code and the formula come from the caches, frozen.
    const tree = (await markdownToHast(markdown)).hast
    expect(markup(withStyleObjects(tree))).toBe(expected)
    // The cached nodes still hold their strings for the next render.
    const again = (await markdownToHast(markdown)).hast
    expect(JSON.stringify(again)).toContain('"style":"--shiki-light:')
    expect(markup(again)).toBe(expected)
  })

  it('names properties as the runtime does', () => {
    expect(styleObject('--shiki-light:#D73A49;--Shiki-Dark:#F97583')).toEqual({'--shiki-light': '#D73A49', '--Shiki-Dark': '#F97583'})
    expect(styleObject('MARGIN-RIGHT: 0.05em; vertical-align:-0.25em; -ms-transform: none')).toEqual({marginRight: '0.05em', verticalAlign: '-0.25em', msTransform: 'none'})
  })

  it('leaves a style that does not parse as it is, for the runtime to report', () => {
    const tree = {type: 'root' as const, children: [{type: 'element' as const, tagName: 'span', properties: {style: 'color'}, children: []}]}
    expect(styleObject('color')).toBeUndefined()
    expect((withStyleObjects(tree).children[0] as {properties: {style?: unknown}}).properties.style).toBe('color')
  })
})
