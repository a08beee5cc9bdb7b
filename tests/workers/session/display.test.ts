import type {Element, ElementContent, Root} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {applyUpdate, createSessionMirror, noBlocks, type SessionUpdate} from '../../../shared/protocol.ts'
import {hastToDisplay} from '../../../workers/display/block-to-display.ts'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {closeSession, renderSession} from '../../../workers/session/session.ts'

let sessions = 0

/** A display session fed `steps`, each checked against display applied to a full render; returns each step's final update. */
async function expectSameAsDisplayedFull(steps: string[]): Promise<SessionUpdate[]> {
  const id = `display-${++sessions}`
  const mirror = createSessionMirror()
  const updates: SessionUpdate[] = []
  for (const [index, text] of steps.entries()) {
    const update = await renderSession(id, text, index + 1, {}, (event) => event.type === 'update' && mirror.apply(event.update), 'display')
    mirror.apply(update)
    updates.push(update)
    // Children only: a full render’s root carries the parser’s `data`.
    expect(mirror.hast().children, JSON.stringify(text)).toEqual(hastToDisplay((await markdownToHast(text)).hast).children)
  }
  closeSession(id)
  return updates
}

const row = (cells: number, value: (column: number) => string) => `| ${Array.from({length: cells}, (_, column) => value(column)).join(' | ')} |\n`
const wideTable = row(150, (column) => `h${column}`) + row(150, () => '---') + row(150, (column) => `${column}`)
const longCode = '```js\n' + Array.from({length: 500}, (_, line) => `const value${line} = ${line}`).join('\n') + '\n```\n'
const longParagraph = 'word '.repeat(3000) + '\n'
const document =
  '# Intro\n\nSome $x^2$ math and a note[^1].\n\n## Intro\n\n' + longCode + '\n' + longParagraph + '\n' + wideTable + '\n> ## Intro\n\n[^1]: The *note*.\n'

const elementsOf = (root: Root, tagName: string): Element[] => {
  const found: Element[] = []
  const visit = (nodes: Root['children'] | Element['children']) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue
      if (node.tagName === tagName) found.push(node)
      visit(node.children)
    }
  }
  visit(root.children)
  return found
}

describe('display session', () => {
  it('should equal display applied to a full render, as it streams in and is edited', async () => {
    const steps: string[] = []
    for (let end = 400; end < document.length; end += 4000) steps.push(document.slice(0, end))
    steps.push(document, '# Intro\n\n' + document, document.replace('## Intro', '## Other'), document + '\n<div>\n\nopen[^1]\n')
    await expectSameAsDisplayedFull(steps)
  })

  it('should make every pass: unique heading ids, chunks, style objects, a wide table’s rows set aside', async () => {
    const displayed = hastToDisplay((await markdownToHast(document)).hast)
    expect(elementsOf(displayed, 'h2').map((heading) => heading.properties.id)).toEqual([
      'user-content-intro-1',
      'user-content-intro-2',
      'user-content-footnote-label',
    ])
    expect(elementsOf(displayed, 'span').filter((span) => String(span.properties.className) === 'code-chunk')).toHaveLength(3)
    expect(elementsOf(displayed, 'p').filter((paragraph) => paragraph.properties.dataTextChunks)).toHaveLength(1)
    const [table] = elementsOf(displayed, 'table')
    expect(table!.children).toEqual([])
    expect(table!.data?.wideTable?.map((section) => section.tagName)).toEqual(['thead', 'tbody'])
    expect(elementsOf(displayed, 'span').some((span) => typeof span.properties.style === 'object')).toBe(true)
  })

  it('should send a block again, under its id, when an earlier heading takes its slug', async () => {
    const [first, second] = await expectSameAsDisplayedFull(['# A\n\ntext\n\n# B\n', '# B\n\n# A\n\ntext\n\n# B\n'])
    const last = first!.order.at(-1)!.id
    expect(second!.order.at(-1)!.id).toBe(last)
    const sent = second!.blocks.find((block) => block.id === last)
    expect(sent?.hast.children[0]).toMatchObject({properties: {id: 'user-content-b-1'}})
    // The paragraph between shows the same: not sent again.
    expect(second!.blocks.map((block) => block.id)).not.toContain(first!.order[1]!.id)
  })

  it('should number the headings after an edit in the middle again, and send only what changed', async () => {
    const sections = Array.from({length: 30}, (_, index) => `## Part\n\nText ${index}.\n`)
    const text = sections.join('\n')
    const edited = text.replace('Text 14.', 'Text 14, edited.')
    const headed = text.replace('Text 14.', 'Text 14.\n\n## Part')
    const renamed = headed.replace('## Part\n\nText 20.', '## Other\n\nText 20.')
    const [, plain, withHeading, withRename] = await expectSameAsDisplayedFull([text, edited, headed, renamed, headed])
    // The edited paragraph alone: the blocks after it keep their place and their ids.
    expect(plain!.blocks).toHaveLength(1)
    // A new heading in the middle: each later heading takes the next number.
    expect(withHeading!.blocks.length).toBeGreaterThan(15)
    // A heading renamed: the headings after it take the number before.
    expect(withRename!.blocks.length).toBeGreaterThan(8)
  })

  it('should send only the new lines of code that streams in, the receiver keeping the nodes of the lines it holds', async () => {
    const code = '```ts\n' + Array.from({length: 60}, (_, line) => `const value${line}: number = ${line} // line ${line}`).join('\n') + '\n```\n'
    const id = `display-${++sessions}`
    let held = noBlocks
    let lines: ElementContent[] = []
    let linesSent = 0
    let appends = 0
    for (let end = 6; end <= code.length + 6; end += 6) {
      const text = code.slice(0, end)
      const update = await renderSession(id, text, ++appends, {heal: true}, () => {}, 'display')
      held = applyUpdate(held, update) ?? noBlocks
      expect(held.order, JSON.stringify(text)).toHaveLength(1)
      const before = lines
      lines = elementsOf(held.blocks.get(held.order[0]!.id)!, 'code')[0]!.children
      // All but the last line held and the line ending before it are the same nodes.
      expect(before.slice(0, -2).filter((line, index) => lines[index] !== line)).toEqual([])
      for (const block of update.blocks) linesSent += elementsOf(block.hast, 'span').filter((span) => String(span.properties.class) === 'line').length
    }
    closeSession(id)
    expect(toHtml(held.blocks.get(held.order[0]!.id)!)).toBe(toHtml(hastToDisplay((await markdownToHast(code)).hast)))
    // The whole block each time would be about 30 lines an append.
    expect(linesSent).toBeLessThan(3 * appends)
  })

  it('should give the HTML target plain HAST', async () => {
    const update = await renderSession(`html-${++sessions}`, '# A\n', 1)
    expect(update.blocks[0]!.hast.children[0]).toMatchObject({properties: {}})
    expect((update.blocks[0]!.hast.children[0] as Element).properties.id).toBeUndefined()
  })
})
