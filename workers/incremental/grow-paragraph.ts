/**
 * A paragraph that grows at its end (a streamed reply, typing at the end of
 * a document) is rendered again from its last word, not from its start.
 *
 * Streaming a document renders its last block again on every append, so a
 * paragraph's parsing grows with the square of its length, and paragraphs
 * dominate the parsing of a streamed document. Yet inline markdown is local once nothing is
 * left open: text before a space, in which no delimiter waits for a closer,
 * renders the same whatever comes after the space. So the previous render is
 * kept up to such a space, and only the rest is rendered, as a paragraph on
 * its own, and joined on.
 *
 * The previous render tells where that space may be: nothing in front of
 * it may be open (see open-inline.ts: code and math are literal, paired
 * delimiters are gone, and of what is left as text only what could still
 * pair with a closer counts). The text after it must stay on the same line
 * (a new line could make a table or a setext heading of the block) and
 * start with a letter or digit (nothing that could start a block on a line
 * of its own). Anything else renders the whole block as before.
 *
 * When the new text goes on after a space at the previous end, and nothing
 * in the paragraph is open, the cut is at the previous end itself, so only
 * the new text renders (`endSplit`).
 *
 * The same holds for the last paragraph of a list item or a quote (a list
 * that grows by items and a table by rows: see grow-rows.ts).
 */
import type {Element, ElementContent} from 'hast'
import {renderPlain} from './plain-block.ts'
import {joinedBlock} from './footnote-refs.ts'
import {countLines, onlyTopElement, renderBlock, shiftMessages, type BlockRender} from './render-block.ts'
import {prefixDefinitions} from './block-prefix.ts'
import {firstOpener, isSettled, type Reading} from './open-inline.ts'
import {startsWithText} from '../../shared/text-change.ts'

const pieceStart = /^[\p{L}\p{N}]/u
/** What may be a character reference (an `&` before anything else is itself). */
const reference = '&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});'
/** Source text that does not show as itself: an escape, or a character reference. */
const decoded = new RegExp(`\\\\[!-/:-@[-\`{-~]|${reference}`)
/** An escaped mark. */
const escapedMark = /\\[[\]$*_~]/
const characterReference = new RegExp(reference)

/**
 * Whether `text` holds an escaped mark or a character reference (which may
 * show as a mark, or as a space beside one). Two expressions that each start
 * with one character are searched faster than their alternation.
 */
function madeMark(text: string): boolean {
  return (text.includes('\\') && escapedMark.test(text)) || (text.includes('&') && characterReference.test(text))
}

/**
 * The render of `text`, the text of `previous`'s block (`previousText`) grown
 * at its end, when `previous` is a paragraph that allows it; otherwise
 * `undefined`. Both are rendered with `prefix` as the last block.
 */
export async function renderGrownParagraph(previous: BlockRender, previousText: string, text: string, prefix: string): Promise<BlockRender | undefined> {
  // A paragraph that starts with a reference link and a colon (`[a]: b c`)
  // becomes a definition when the rest turns into a title (`[a]: b 'c'`).
  const top = previous.stable && !previousText.includes(']:') ? onlyTopElement(previous) : undefined
  if (!top) return undefined
  const path = pathToLastInline(top)
  if (!path) return undefined
  const container = path[path.length - 1]!
  // Where the previous render may be cut: at its end, when the new text
  // goes on after a space; else at a space in its last text; else where the
  // one before it was cut (it ended with an element, say): the text up to
  // there is the same.
  // The marks in the render's text are the source's unless an escape or a character reference made one.
  const reading = {literalMarks: !madeMark(previousText)}
  const split = endSplit(container, previousText, text, reading) ?? splitPoint(container, previousText, reading) ?? previous.split
  if (!split || !startsWithText(text, previousText.slice(0, split.at))) return undefined
  const piece = text.slice(split.at)
  if (/[\r\n]/.test(piece.trimEnd()) || !pieceStart.test(piece)) return undefined
  const lines = countLines(text.slice(0, split.at))
  const column = lines === 0 ? split.at : split.at - (text.lastIndexOf('\n', split.at - 1) + 1)
  const render = renderPlain(piece, prefixDefinitions(prefix)) ?? (await renderBlock(piece, prefix, false))
  const rest = render.nodes[0]
  if (render.slots !== 1 || render.nodes.length !== 1 || rest?.type !== 'element' || rest.tagName !== 'p' || render.hasHtml) return undefined
  const children = [...split.head]
  const first = rest.children[0]
  const last = children[children.length - 1]
  if (first?.type === 'text' && last?.type === 'text') {
    children[children.length - 1] = {type: 'text', value: last.value + first.value}
    children.push(...rest.children.slice(1))
  } else {
    children.push(...rest.children)
  }
  // Copies of the elements on the path, the innermost with the new children.
  let grown: Element = {type: 'element', tagName: container.tagName, properties: container.properties, children}
  for (let index = path.length - 2; index >= 0; index--) {
    const parent = path[index]!
    const kids = [...parent.children]
    kids[kids.lastIndexOf(path[index + 1]!)] = grown
    grown = {...parent, children: kids}
  }
  grown.properties = {...grown.properties, dataLineEnd: lines + Number(rest.properties.dataLineEnd)}
  // The previous render had no messages (see `onlyTopElement`). The piece's
  // first line is the split's line, from the split's column on.
  const messages = shiftMessages(render.messages, lines).map((message) =>
    message.line === lines + 1 && message.column !== undefined ? {...message, column: message.column + column} : message,
  )
  // Written out rather than spread from `render`: this runs on most appends to prose.
  const {nodes, footnoteRefs} = joinedBlock(previous, render, grown)
  return {
    nodes,
    slots: 1,
    messages,
    footnoteRefs,
    closed: render.closed,
    endsWithList: previous.endsWithList,
    stable: render.stable,
    slotted: false,
    hasHtml: false,
    split,
  }
}

/** Elements that hold other blocks; the rest of a list item's or quote's content is inline. */
const blockTags = new Set([
  'address',
  'blockquote',
  'div',
  'dl',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
])

/**
 * The elements from `top` down to the one holding the block's last inline
 * content, its last paragraph (a `<p>`, or the `<li>` of a tight list),
 * when the block ends with one.
 */
function pathToLastInline(top: Element): Element[] | undefined {
  const path: Element[] = []
  let node: Element | undefined = top
  while (node) {
    path.push(node)
    const lastChild = node.children[node.children.length - 1]
    if (node.tagName === 'p') return lastChild ? path : undefined
    if (
      node.tagName === 'li' &&
      lastChild &&
      (lastChild.type === 'text' ? lastChild.value.trim() !== '' : lastChild.type === 'element' && !blockTags.has(lastChild.tagName))
    ) {
      // A tight item's paragraph: inline content only.
      return node.children.every((child) => child.type !== 'element' || !blockTags.has(child.tagName)) ? path : undefined
    }
    if (!['ul', 'ol', 'li', 'blockquote'].includes(node.tagName)) return undefined
    let next: Element | undefined
    for (let index = node.children.length - 1; index >= 0 && !next; index--) {
      const child = node.children[index]!
      if (child.type === 'element') next = child
      else if (child.type !== 'text' || child.value.trim() !== '') return undefined
    }
    node = next
  }
  return undefined
}

/**
 * Where `text` may be cut when it goes on from `previousText` (rendered as
 * the paragraph `paragraph`) with spaces on the same line: after them, when
 * nothing in the paragraph is open. Then the render of the text before the
 * spaces is the paragraph's content whatever follows the spaces (which are
 * white space to delimiters before them, as the end of the line was).
 */
function endSplit(paragraph: Element, previousText: string, text: string, reading: Reading): {at: number; head: ElementContent[]} | undefined {
  let end = previousText.length
  while (end > 0 && (previousText[end - 1] === ' ' || previousText[end - 1] === '\t')) end--
  // The paragraph's last line: one holding only quote markers ends it. A
  // list marker alone starts a list item once text follows it (an empty
  // item cannot interrupt a paragraph, one with text can).
  if (onlyMarkers(previousText, end) || !startsWithText(text, previousText.slice(0, end))) return undefined
  const gap = /^[ \t]+(?=[\p{L}\p{N}])/u.exec(text.slice(end))?.[0]
  if (!gap || !paragraph.children.every((child) => isSettled(child, reading))) return undefined
  const head = [...paragraph.children]
  const last = head[head.length - 1]
  if (last?.type === 'text') head[head.length - 1] = {type: 'text', value: last.value + gap}
  else head.push({type: 'text', value: gap})
  return {at: end + gap.length, head}
}

/**
 * Whether the line of `text` that ends at `end` holds only quote markers
 * and white space, then perhaps a list marker. Read from its end, which
 * most often is a letter: a paragraph's last line can be all of it.
 */
function onlyMarkers(text: string, end: number): boolean {
  let index = end
  const last = text[index - 1]
  if (last === '-' || last === '*' || last === '+') index--
  else if (last === '.' || last === ')') {
    let digits = 0
    while (digits < 10 && /[0-9]/.test(text[index - 2 - digits] ?? '')) digits++
    if (digits === 0 || digits > 9) return false
    index -= digits + 1
  }
  for (; index > 0 && text[index - 1] !== '\n'; index--) if (!' \t>'.includes(text[index - 1]!)) return false
  return true
}

/**
 * Where the render of `text`, the paragraph `paragraph`, may be cut: just
 * after the last space in its last text node, before a letter or digit,
 * before which nothing is open. `head` is what the paragraph holds up to
 * there. The text node's value after the cut must be the source's end
 * itself, on one line, and that end must hold no escape or character
 * reference (which the value shows decoded), so that the cut's place in
 * the source is known. A backslash before anything but punctuation (TeX's
 * `\alpha` in a formula not yet closed) is itself.
 */
function splitPoint(paragraph: Element, text: string, reading: Reading): {at: number; head: ElementContent[]} | undefined {
  const nodes = paragraph.children
  const lastNode = nodes[nodes.length - 1]
  if (lastNode?.type !== 'text') return undefined
  for (let index = 0; index < nodes.length - 1; index++) if (!isSettled(nodes[index]!, reading)) return undefined
  const value = lastNode.value
  // The text node ends where the source does, but for the paragraph's trailing white space.
  const end = text.trimEnd().length
  const open = firstOpener(value, reading)
  const lineStart = value.lastIndexOf('\n') + 1
  let index = open < 0 ? value.length - 1 : open
  while (index > lineStart && !(value[index - 1] === ' ' && pieceStart.test(value[index]!))) index--
  if (index <= lineStart) return undefined
  const rest = value.slice(index)
  const at = end - rest.length
  if (text.slice(at, end) !== rest || decoded.test(rest) || !/[ \t]/.test(text[at - 1] ?? '')) return undefined
  const head = nodes.slice(0, -1)
  head.push({type: 'text', value: value.slice(0, index)})
  return {at, head}
}
