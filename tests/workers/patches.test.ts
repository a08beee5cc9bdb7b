// Two patches in patches/, applied by patch-package on install, take the
// per-parse set-up out of the pipeline, which a render session runs once per
// block (opening or streaming a long document runs it thousands of times).
// Rendering is the same without them, so only these tests notice when one is
// not applied. Their figures are in the commit that kept them.
import type {Extension as FromMarkdownExtension} from 'mdast-util-from-markdown'
import type {Extension as SyntaxExtension} from 'micromark-util-types'
import {toHtml} from 'hast-util-to-html'
import {toString} from 'hast-util-to-string'
import {describe, expect, it} from 'vitest'
import {createProcessor, markdownToHast, markdownToMdast} from '../../workers/pipeline.ts'

const documents = ['A *paragraph*.', '# A heading\n\n- a [link](x)', '> a quote\n\n    code']

it('should combine the syntax extensions once per processor (micromark patch)', () => {
  const processor = createProcessor().freeze()
  let combined = 0
  // micromark's combineExtensions reads every hook of every extension.
  const counter: SyntaxExtension = {
    get text() {
      combined++
      return {}
    },
  }
  processor.data('micromarkExtensions')!.push(counter)
  for (const document of documents) processor.parse(document)
  expect(combined).toBe(1)
})

it('should build the mdast compiler once per processor (mdast-util-from-markdown patch)', () => {
  const processor = createProcessor().freeze()
  let built = 0
  // The compiler's configure reads every field of every extension.
  const counter: FromMarkdownExtension = {
    get canContainEols() {
      built++
      return []
    },
  }
  processor.data('fromMarkdownExtensions')!.push(counter)
  for (const document of documents) processor.parse(document)
  expect(built).toBe(1)
})

it('should give the mdast handlers one context per tokenizer, not a copy per token (mdast-util-from-markdown patch)', () => {
  const processor = createProcessor().freeze()
  const contexts = new Set<unknown>()
  let tokens = 0
  processor.data('fromMarkdownExtensions')!.push({
    afterExit() {
      contexts.add(this)
      tokens++
    },
  })
  processor.parse(documents.join('\n\n'))
  expect(tokens).toBeGreaterThan(20)
  expect(contexts.size).toBeLessThan(tokens / 2)
})

// The parser patches (micromark, micromark-core-commonmark,
// micromark-extension-gfm-strikethrough, micromark-extension-math) make
// parsing linear in runs of delimiters and bound nesting. Unpatched, each of
// these inputs takes from half a minute to several minutes to parse; patched,
// well under a second, so a bound of a few seconds fails loudly without them
// and holds on a loaded machine.
describe('parser patches: linear in runs of delimiters', () => {
  const growing = (marker: string, size: number) => {
    let text = ''
    for (let count = 1; text.length < size; count++) text += marker.repeat(count) + 'a'
    return text
  }
  const inputs: Array<[string, string]> = [
    ['emphasis matched with a stack of openers (micromark-core-commonmark)', '*a'.repeat(50_000)],
    ['strikethrough matched with a stack of openers (micromark-extension-gfm-strikethrough)', '~a'.repeat(50_000)],
    ['data merged in one pass (micromark)', '[a]'.repeat(34_000)],
    ['code openings remember the sizes with no closing run (micromark-core-commonmark)', growing('`', 600_000)],
    ['math openings remember the sizes with no closing run (micromark-extension-math)', growing('$', 600_000)],
  ]
  for (const [name, markdown] of inputs) {
    it(`should parse ${name} in linear time`, () => {
      const started = performance.now()
      markdownToMdast(markdown)
      expect(performance.now() - started).toBeLessThan(5_000)
    }, 60_000)
  }
})

describe('parser patches: bounded nesting', () => {
  it('should refuse emphasis nested past 100 levels (micromark-core-commonmark)', async () => {
    await expect(markdownToHast('*'.repeat(300) + 'a' + '*'.repeat(300))).rejects.toThrow(
      'Could not render: the document nests too deeply (emphasis nests more than 100 levels deep)',
    )
    expect(markdownToMdast('**'.repeat(40) + 'a' + '**'.repeat(40)).children).toHaveLength(1)
  })

  it('should refuse strikethrough nested past 100 levels (micromark-extension-gfm-strikethrough)', async () => {
    await expect(markdownToHast('~~a ~a '.repeat(60) + 'b' + ' a~ a~~'.repeat(60))).rejects.toThrow(
      'Could not render: the document nests too deeply (strikethrough nests more than 100 levels deep)',
    )
  })

  it('should refuse lists and block quotes nested past 100 levels (micromark)', async () => {
    const list = (depth: number) => Array.from({length: depth}, (_, index) => `${'  '.repeat(index)}- item`).join('\n')
    expect((await markdownToHast(list(100))).hast.children.length).toBeGreaterThan(0)
    await expect(markdownToHast(list(101))).rejects.toThrow(
      'Could not render: the document nests too deeply (lists and block quotes nest more than 100 levels deep)',
    )
    await expect(markdownToHast('> '.repeat(101) + 'deep')).rejects.toThrow('lists and block quotes nest more than 100 levels deep')
  })
})

describe('parser patches: task list items', () => {
  // The tasklist extension is told which text is a list item's first
  // content; after an item whose first line is blank, it was told so of
  // the paragraph after the list too, and took its `[ ]` as the item's check.
  it('should leave `[ ]` as text in a paragraph after an empty list item (micromark-util-subtokenize)', async () => {
    for (const marker of ['-', '*', '1.']) {
      const {hast} = await markdownToHast(`${marker}\n[ ] todo\n`)
      const paragraph = hast.children.find((node) => node.type === 'element' && node.tagName === 'p')
      expect(paragraph && toString(paragraph), marker).toBe('[ ] todo')
    }
    // Indented past the marker, the line is the item's, and a task.
    const {hast} = await markdownToHast('-\n  [ ] todo\n')
    expect(toHtml(hast)).toContain('<input type="checkbox" disabled> todo')
  })
})
