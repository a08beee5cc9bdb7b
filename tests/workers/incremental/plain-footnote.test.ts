// A footnote whose one-line definition is plain prose takes the `<li>`
// rendered last for its label, with the new content in it
// (workers/incremental/plain-footnote.ts): it must be the `<li>` the
// pipeline renders for that definition.
import type {Element} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {renderFootnoteSection} from '../../../workers/incremental/footnote-section.ts'
import {withPlainContent} from '../../../workers/incremental/plain-footnote.ts'

/** The `<li>` of the footnote `label`, cited `count` times, defined by `definition`, through the pipeline. */
async function pipelineItem(label: string, count: number, definition: string): Promise<Element> {
  const [section] = (await renderFootnoteSection(`[^${label}]`.repeat(count) + '\n\n' + definition + '\n')) as Element[]
  const ol = section!.children.find((child): child is Element => child.type === 'element' && child.tagName === 'ol')!
  return ol.children.find((child): child is Element => child.type === 'element' && child.tagName === 'li')!
}

describe('a footnote of plain prose rendered without the pipeline', () => {
  const contents = [
    'Plain words.',
    'Ends with *emphasis*',
    'Some **strong** and `code` in it',
    'A [link](https://example.com/a) and https://example.com/bare then words',
    'Trailing spaces   ',
    'An *open emphasis',
    'Unicode: café, naïve, 東京',
    // Spaces after the colon, however many, come before the content: not indented code.
    '     Five spaces before',
    '\tA tab before',
  ]

  it('should give the pipeline’s <li> for each definition, cited once or more', async () => {
    for (const count of [1, 3]) {
      const shell = await pipelineItem('note', count, '[^note]: Something else first.')
      for (const content of contents) {
        const definition = `[^note]: ${content}`
        const plain = withPlainContent(shell, definition)
        expect(plain, content).toBeDefined()
        expect(toHtml(plain!), content).toBe(toHtml(await pipelineItem('note', count, definition)))
      }
    }
  })

  it('should give the pipeline’s <li> for a definition with no text yet, or with the next label arriving', async () => {
    const streamed = [
      '[^note]:',
      '[^note]: ',
      '[^note]: Words, https://example.com/5965.\n[',
      '[^note]: Words, https://example.com/5965.\n[^',
      '[^note]: Words and more\n[^ne',
      '[^note]: Words and more\n[^next]',
      '[^note]: Words and more',
    ]
    for (const count of [1, 3]) {
      // The item rendered last may have had text or none.
      for (const last of ['[^note]: Something else first.', '[^note]:']) {
        const shell = await pipelineItem('note', count, last)
        for (const definition of streamed) {
          const plain = withPlainContent(shell, definition)
          // Several back references without text stand among line endings: left to the pipeline.
          const alone = count > 1 && (definition.trimEnd().endsWith(':') || last.endsWith(':'))
          if (alone) expect(plain, `${last} → ${definition}`).toBeUndefined()
          else expect(plain && toHtml(plain), `${last} → ${definition}`).toBe(toHtml(await pipelineItem('note', count, definition)))
        }
      }
    }
  })

  it('should leave what is not one line of plain prose to the pipeline', async () => {
    const shell = await pipelineItem('note', 1, '[^note]: Something.')
    for (const definition of [
      '[^note]: Math $\\frac{q$ that KaTeX rejects',
      '[^note]: Two\nlines',
      '[^note]: # A heading',
      '[^note]: Cites [^other]',
      '[^note]: <b>html</b>',
      // Marks on the first line that the next could close, or a hard break.
      '[^note]: An _open\n[^n',
      '[^note]: A [bracket\n[^n]',
      '[^note]: Break  \n[^n',
      '[^note]: Words\n[^n_',
    ]) {
      expect(withPlainContent(shell, definition), definition).toBeUndefined()
    }
  })
})
