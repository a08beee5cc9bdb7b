import type {Element, ElementContent, RootContent} from 'hast'
import {describe, expect, it} from 'vitest'
import {hastToDocument, hastToFragment} from '../../shared/html-document.ts'
import {createSessionMirror} from '../../shared/protocol.ts'
import {hastToDisplay} from '../../workers/display/block-to-display.ts'
import {labelTasks} from '../../shared/task-labels.ts'
import {markdownToHast} from '../../workers/pipeline.ts'
import {closeSession, renderSession} from '../../workers/session/session.ts'

/** The `aria-label` of every checkbox under `nodes`, in document order. */
function labels(nodes: ReadonlyArray<RootContent | ElementContent>): unknown[] {
  return nodes.flatMap((node) => {
    if (node.type !== 'element') return []
    return node.tagName === 'input' ? [node.properties.ariaLabel] : labels(node.children)
  })
}

describe('task labels', () => {
  it('should name each checkbox after its item, without the item’s sub-list, in tight and loose lists and in quotes', async () => {
    const markdown = [
      '- [x] Buy *fresh* milk',
      '- [ ] Call `Bob`',
      '  - [ ] about the [party](https://example.com)',
      '',
      '> 1. [ ] quoted',
      '',
      '- [ ] loose one',
      '',
      '- [x] loose two',
      '',
    ].join('\n')
    const {hast} = await markdownToHast(markdown)
    expect(labels(labelTasks(hast.children))).toEqual(['Buy fresh milk', 'Call Bob', 'about the party', 'quoted', 'loose one', 'loose two'])
  })

  it('should share the nodes of a block without tasks, and leave the original untouched', async () => {
    const {hast} = await markdownToHast('- a\n- b\n\n> quote\n\n- [ ] task\n')
    const blocks = hast.children.filter((node) => node.type === 'element')
    const labelled = labelTasks(blocks)
    expect(labelled[0]).toBe(blocks[0])
    expect(labelled[1]).toBe(blocks[1])
    expect(labels([labelled[2]!])).toEqual(['task'])
    expect(labels([blocks[2]!])).toEqual([undefined])
  })

  it('should leave a checkbox whose item has no text yet unnamed', () => {
    const input: Element = {type: 'element', tagName: 'input', properties: {type: 'checkbox', disabled: true}, children: []}
    const item: Element = {type: 'element', tagName: 'li', properties: {className: ['task-list-item']}, children: [input, {type: 'text', value: ' \u200B'}]}
    const list: Element = {type: 'element', tagName: 'ul', properties: {className: ['contains-task-list']}, children: [item]}
    expect(labelTasks([list])[0]).toBe(list)
  })

  it('should keep a streamed session equal to the display of a full render while the items grow', async () => {
    const text = 'Plan:\n\n- [x] write the *first* draft today\n- [ ] review it with the team before Friday\n'
    const mirror = createSessionMirror()
    let version = 0
    for (let end = 4; end < text.length + 4; end += 4) {
      const markdown = text.slice(0, end)
      mirror.apply(await renderSession('task-labels', markdown, ++version, {}, undefined, 'display'))
      expect(mirror.hast().children, JSON.stringify(markdown)).toEqual(hastToDisplay((await markdownToHast(markdown)).hast).children)
    }
    closeSession('task-labels')
    expect(labels(mirror.hast().children)).toEqual(['write the first draft today', 'review it with the team before Friday'])
  })

  it('should name them in the standalone document and the fragment too (Export HTML, the CLI)', async () => {
    const {hast} = await markdownToHast('- [x] Ship it\n')
    expect(hastToFragment(hast)).toContain('<input type="checkbox" checked disabled aria-label="Ship it">')
    expect(hastToDocument(hast, {title: 'T', css: ''})).toContain('aria-label="Ship it"')
  })
})
