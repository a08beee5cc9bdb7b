/**
 * A footnote whose definition is one line of plain prose renders without the
 * pipeline: its `<li>` is the one rendered last for the same label and
 * number of references, with the paragraph's content replaced. A definition
 * that streams in changes on every append, and a pipeline run costs the
 * same however short the text.
 */
import type {Element, ElementContent} from 'hast'
import {renderPlain} from './plain-block.ts'

/** A one-line definition: its content. */
const oneLine = /^\[\^[^\]\s]+\]:[ \t]+(\S[^\n\r]*)$/

const isBackReference = (node: ElementContent) => node.type === 'element' && node.tagName === 'a' && node.properties.dataFootnoteBackref !== undefined

/**
 * `li`, a footnote rendered alone, with the content of `source` (the
 * definition of the same footnote) in place of its own, when `source` is
 * one line that renders as a plain paragraph (see `renderPlain`); else
 * `undefined`. The back references after the content depend only on the
 * label and how often it is cited, as remark-rehype writes them: after a
 * space that ends the paragraph's text.
 */
export function withPlainContent(li: Element, source: string): Element | undefined {
  const content = oneLine.exec(source)?.[1]
  const render = content === undefined ? undefined : renderPlain(content)
  const paragraph = render?.nodes[0]
  if (render?.nodes.length !== 1 || paragraph?.type !== 'element' || paragraph.tagName !== 'p') return undefined
  const kept = li.children.findIndex((child) => child.type === 'element')
  const old = li.children[kept]
  if (old?.type !== 'element' || old.tagName !== 'p' || li.children.some((child, index) => index !== kept && child.type !== 'text')) return undefined
  const from = old.children.findIndex(isBackReference)
  if (from < 0) return undefined
  const children = [...paragraph.children]
  const last = children[children.length - 1]
  if (last?.type === 'text') children[children.length - 1] = {type: 'text', value: last.value + ' '}
  else children.push({type: 'text', value: ' '})
  children.push(...old.children.slice(from))
  const kids = [...li.children]
  kids[kept] = {...old, children}
  return {...li, children: kids}
}
