/**
 * A footnote whose definition is one line of plain prose renders without the
 * pipeline: its `<li>` is the one rendered last for the same label and
 * number of references, with the paragraph's content replaced. A definition
 * that streams in changes on every append, and a pipeline run costs the
 * same however short the text.
 */
import type {Element, ElementContent} from 'hast'
import {newline, renderPlain} from './plain-block.ts'

/**
 * A definition of one line: its text, if any, and the next definition's
 * label arriving on the line after (which goes on the paragraph until its
 * colon comes; see `oneLineFootnote`). No underscore in that label: one
 * could close emphasis that the first line opened.
 */
const definition = /^\[\^[^\]\s]+\]:(?:[ \t]+(\S[^\n\r]*)(\n\[(?:\^[A-Za-z0-9-]*\]?)?)?|[ \t]*)$/
/** Marks that could pair with the next line's brackets, or end the first line in a hard break. */
const pairsAcrossLines = /[[\]*_~`$\\&<]|[ \t]$/

/** A footnote's link back to where it is cited. */
export const isBackReference = (node: ElementContent) => node.type === 'element' && node.tagName === 'a' && node.properties.dataFootnoteBackref !== undefined

/**
 * `li`, a footnote rendered alone, with the content of `source` (the
 * definition of the same footnote) in place of its own, when `source` is
 * one line that renders as a plain paragraph (see `renderPlain`), perhaps
 * with the next definition's label arriving on the line after, or no
 * text at all; else `undefined`. The back references after the content
 * depend only on the label and how often it is cited, as remark-rehype
 * writes them: after a space that ends the paragraph's text, or, with no
 * text, in the item itself.
 */
export function withPlainContent(li: Element, source: string): Element | undefined {
  const match = definition.exec(source)
  const backReferences = match && backReferencesOf(li)
  if (!backReferences) return undefined
  const [, line, next] = match
  if (line === undefined) return backReferences.length === 1 ? {...li, children: [newline(), backReferences[0]!, newline()]} : undefined
  if (next !== undefined && pairsAcrossLines.test(line)) return undefined
  const render = renderPlain(line)
  const paragraph = render?.nodes[0]
  if (render?.nodes.length !== 1 || paragraph?.type !== 'element' || paragraph.tagName !== 'p') return undefined
  const children = [...paragraph.children]
  const last = children[children.length - 1]
  const end = `${next ?? ''} `
  if (last?.type === 'text') children[children.length - 1] = {type: 'text', value: last.value + end}
  else children.push({type: 'text', value: end})
  children.push(...backReferences)
  const kept = li.children.findIndex((child) => child.type === 'element' && child.tagName === 'p')
  if (kept < 0) return {...li, children: [newline(), {type: 'element', tagName: 'p', properties: {}, children}, newline()]}
  const kids = [...li.children]
  kids[kept] = {...(li.children[kept] as Element), children}
  return {...li, children: kids}
}

/**
 * The back references of `li`, a footnote rendered alone: what its
 * paragraph holds from the first of them on, or, with no text, the one it
 * holds itself (several stand among line endings there).
 */
function backReferencesOf(li: Element): ElementContent[] | undefined {
  const elements = li.children.filter((child): child is Element => child.type === 'element')
  if (elements.length === 1 && elements[0]!.tagName === 'p') {
    const paragraph = elements[0]!
    if (li.children.length !== 3) return undefined
    const from = paragraph.children.findIndex(isBackReference)
    return from < 0 ? undefined : paragraph.children.slice(from)
  }
  return elements.length === 1 && isBackReference(elements[0]!) && li.children.length === 3 ? elements : undefined
}
