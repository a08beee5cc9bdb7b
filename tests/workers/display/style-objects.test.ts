import type {Root} from 'hast'
import {toJsxRuntime} from 'hast-util-to-jsx-runtime'
import {renderToStaticMarkup} from 'react-dom/server'
import {Fragment, jsx, jsxs} from 'react/jsx-runtime'
import {describe, expect, it} from 'vitest'
import {styleObject, withStyleObjects} from '../../../workers/display/style-objects.ts'
import {markdownToHast} from '../../../workers/pipeline.ts'

const markup = (tree: Parameters<typeof toJsxRuntime>[0]) => renderToStaticMarkup(toJsxRuntime(tree, {Fragment, jsx, jsxs}))
const withObjects = (tree: Root): Root => ({...tree, children: withStyleObjects(tree.children)})

describe('style objects for the preview', () => {
  it('gives React the same markup as the runtime parsing each string, for highlighted code and math', async () => {
    const markdown = '```ts\nconst answer: number = 42 // the answer\n```\n\n$\\frac{a}{b} + \\sqrt{x^2}$\n\n$$\n\\int_0^1 x\\,dx\n$$'
    const parsedByRuntime = markup((await markdownToHast(markdown)).hast)
    expect(parsedByRuntime).toContain('--shiki-light:')
    expect(parsedByRuntime).toContain('style="height:')
    // Cloned, as a worker message gives it to the main thread.
    expect(markup(structuredClone(withObjects((await markdownToHast(markdown)).hast)))).toBe(parsedByRuntime)
  })

  it('copies what it changes: the frozen nodes the caches share keep their strings', async () => {
    const markdown = '```js\nconst shared = true\n```\n\n$\\sqrt{2}$'
    const expected = markup((await markdownToHast(markdown)).hast)
    // Rendered again, the code and the formula come from the caches, frozen.
    const tree = (await markdownToHast(markdown)).hast
    const before = JSON.stringify(tree)
    expect(markup(withObjects(tree))).toBe(expected)
    expect(JSON.stringify(tree)).toBe(before)
    expect(before).toContain('"style":"--shiki-light:')
  })

  it('names properties as the runtime does', () => {
    expect(styleObject('--shiki-light:#D73A49;--Shiki-Dark:#F97583')).toEqual({'--shiki-light': '#D73A49', '--Shiki-Dark': '#F97583'})
    expect(styleObject('MARGIN-RIGHT: 0.05em; vertical-align:-0.25em; -ms-transform: none')).toEqual({
      marginRight: '0.05em',
      verticalAlign: '-0.25em',
      msTransform: 'none',
    })
  })

  it('leaves a style that does not parse as it is, for the runtime to report', () => {
    const nodes = [{type: 'element' as const, tagName: 'span', properties: {style: 'color'}, children: []}]
    expect(styleObject('color')).toBeUndefined()
    expect(withStyleObjects(nodes)).toBe(nodes)
  })
})
