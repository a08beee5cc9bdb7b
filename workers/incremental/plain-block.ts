/**
 * Blocks that render without the pipeline: a one-line paragraph or an ATX
 * heading of plain prose with the simplest inline markup, a list of such
 * items, a table of such cells, and a one-line footnote definition. Most
 * appends to prose leave such a piece to render, so this path saves a
 * pipeline run on most of a stream's updates.
 */
import type {Element, ElementContent} from 'hast'
import {oneLineFootnote} from './context.ts'
import type {BlockRender} from './render-block.ts'
import {unknownDefinitions, type PrefixDefinitions} from './block-prefix.ts'
import type {FootnoteRef} from './footnotes.ts'
// An emoji shortcode (`:tada:`) is not plain prose.
import {shortcodePattern} from '../plugins/remark-gemoji-shortcodes.ts'
import {autolinkStart, prose} from './open-end.ts'
import {inlineChildren} from './plain-inline.ts'

/**
 * A block that renders without the pipeline: a paragraph of one line, or an
 * ATX heading, whose text is plain prose with, in a paragraph, the simplest
 * inline markup (see `inlineChildren`); a plain table (`renderPlainTable`)
 * or list (`renderPlainList`); or a footnote definition that renders as
 * nothing (`renderPlainFootnote`).
 * Most appends to prose leave such a piece to render (see
 * `renderGrownParagraph`), and many paragraphs and headings start as one:
 * they need no pipeline run. What it renders uses no definition, so it needs
 * no prefix either, but for a footnote reference, which the prefix must
 * define, and a bracket left open at the end, which is text only while the
 * prefix defines no link labels (`defined`). Rendered with or without
 * checking that it is closed, it is the same.
 */
export function renderPlain(text: string, defined = unknownDefinitions): BlockRender | undefined {
  if (text.startsWith('|')) return renderPlainTable(text)
  if (text.startsWith('[^')) return renderPlainFootnote(text)
  if (listStart.test(text)) return renderPlainList(text, defined)
  if (text.includes(':') && shortcodePattern.test(text)) return undefined
  const body = text.replace(trailingWhiteSpace, '')
  const heading = plainHeading.exec(body)
  let children: ElementContent[] | undefined
  if (heading) children = autolinkStart.test(heading[2]!) ? undefined : [{type: 'text', value: heading[2]!}]
  const footnoteRefs: FootnoteRef[] = []
  // A paragraph starts with a letter or an inline mark that starts no block there.
  if (!heading && paragraphStart.test(body) && !blockStart.test(body)) children = inlineChildren(body, true, defined, footnoteRefs)
  if (!children) return undefined
  const element: Element = {type: 'element', tagName: heading ? `h${heading[1]!.length}` : 'p', properties: {dataLineStart: 1, dataLineEnd: 1}, children}
  return {nodes: [element], slots: 1, messages: [], footnoteRefs, closed: true, endsWithList: false, stable: true, slotted: false, hasHtml: false}
}

/**
 * A tight list of items of one line each, prose with the simplest markup
 * (see `inlineChildren`), or empty, or a task's box then such prose, each
 * perhaps with such a list nested under it (one level): what a list that
 * streams in leaves to render once its last item starts again (see
 * `renderGrownList`). The same kind of marker throughout, one space after
 * it; no blank lines, so the list is tight. An item's text starts with a
 * letter or with markup (a digit or a bullet would start a list of its own).
 */
export function renderPlainList(text: string, defined = unknownDefinitions): BlockRender | undefined {
  if (text.includes(':') && shortcodePattern.test(text)) return undefined
  const lines = text.replace(trailingWhiteSpace, '').split('\n')
  const footnoteRefs: FootnoteRef[] = []
  const list = plainList(lines, false, {defined, refs: footnoteRefs})
  if (!list) return undefined
  list.properties = {...list.properties, dataLineStart: 1, dataLineEnd: lines.length}
  return {nodes: [list], slots: 1, messages: [], footnoteRefs, closed: true, endsWithList: true, stable: true, slotted: false, hasHtml: false}
}

/** What the prefix defines, and the footnote references cited so far, in document order. */
interface Citing {
  defined: PrefixDefinitions
  refs: FootnoteRef[]
}

/**
 * The list of `lines`, each an item or, under an item, a line of the list
 * nested in it: indented to the item's text, no more. A nested list starts
 * with an item that has text, and an ordered one at 1: it interrupts the
 * item's paragraph, which only such an item can.
 */
function plainList(lines: readonly string[], nested: boolean, citing: Citing): Element | undefined {
  const first = plainItem.exec(lines[0]!)
  if (!first || (nested && (!first[4]?.trim() || (first[1] !== undefined && first[1] !== '1')))) return undefined
  const children: ElementContent[] = [newline()]
  let tasks = false
  for (let at = 0; at < lines.length; ) {
    const item = plainItem.exec(lines[at]!)
    if (!item || (item[2] ?? item[3]) !== (first[2] ?? first[3])) return undefined
    const li = plainListItem((item[4] ?? '').replace(trailingWhiteSpace, ''), citing)
    if (!li) return undefined
    const indent = ' '.repeat((item[1]?.length ?? 0) + 2)
    let end = at + 1
    while (end < lines.length && lines[end]!.startsWith(indent)) end++
    if (end > at + 1) {
      const under = lines.slice(at + 1, end).map((line) => line.slice(indent.length))
      const inner = nested || li.children.length === 0 ? undefined : plainList(under, true, citing)
      if (!inner) return undefined
      li.children.push(newline(), inner, newline())
    }
    tasks ||= li.properties.className !== undefined
    children.push(li, newline())
    at = end
  }
  const start = first[1] === undefined ? 1 : Number(first[1])
  const properties = {...(start === 1 ? {} : {start}), ...(tasks && {className: ['contains-task-list']})}
  return {type: 'element', tagName: first[1] === undefined ? 'ul' : 'ol', properties, children}
}

/**
 * The `<li>` of an item's text, a task's box perhaps first. Markup left
 * open may start the text (see open-end.ts), but for asterisks alone: one
 * starts a list of its own, two make a rule with a `*` marker.
 */
function plainListItem(body: string, {defined, refs}: Citing): Element | undefined {
  const box = taskBox.exec(body)
  const rest = box ? body.slice(box[0].length) : body
  const content = rest === '' ? [] : itemStart.test(rest) ? inlineChildren(rest, box !== null || !onlyAsterisks.test(rest), defined, refs) : undefined
  if (!content) return undefined
  return box ? taskItem(box[1] !== ' ', content) : {type: 'element', tagName: 'li', properties: {}, children: content}
}

const onlyAsterisks = /^\*+$/

/** A task's box, then a space and the item's text (without it, the box is text). */
const taskBox = /^\[([ xX])\] (?=\S)/

/** A task list item as remark-gfm and remark-rehype make it. */
function taskItem(checked: boolean, content: ElementContent[]): Element {
  const box: Element = {type: 'element', tagName: 'input', properties: {type: 'checkbox', checked, disabled: true}, children: []}
  return {type: 'element', tagName: 'li', properties: {className: ['task-list-item']}, children: [box, {type: 'text', value: ' '}, ...content]}
}

/**
 * A footnote definition of one line (see `oneLineFootnote`) with no raw
 * HTML, a block of its own: it renders as nothing where it stands (the
 * footnotes section shows it).
 */
function renderPlainFootnote(text: string): BlockRender | undefined {
  if (text.includes('<') || !oneLineFootnote(text)) return undefined
  return {nodes: [], slots: 0, messages: [], footnoteRefs: [], closed: true, endsWithList: false, stable: true, slotted: false, hasHtml: false}
}

/** A delimiter row's cell, as its alignment. */
const delimiterCell = /^(:?)-+(:?)$/

/**
 * A table whose every line starts with a pipe in column 0 and whose cells
 * hold prose with the simplest markup (see `inlineChildren`), no tabs or
 * backslashes: what a table that streams in leaves to render once a row
 * starts again (see `renderGrownTable`). A body row takes the header's
 * number of cells, empty ones added, extra ones dropped.
 */
export function renderPlainTable(text: string): BlockRender | undefined {
  if (text.includes(':') && shortcodePattern.test(text)) return undefined
  const lines = text.replace(trailingWhiteSpace, '').split('\n')
  if (lines.length < 2 || /[\t\\]/.test(text) || !lines.every((line) => line.startsWith('|'))) return undefined
  const header = cellsOf(lines[0]!)
  const align = cellsOf(lines[1]!).map((cell) => delimiterCell.exec(cell))
  if (align.length !== header.length || !align.every(Boolean)) return undefined
  const properties = align.map((found): Element['properties'] => {
    const [, left, right] = found!
    return left && right ? {align: 'center'} : left ? {align: 'left'} : right ? {align: 'right'} : {}
  })
  const row = (cells: string[], tagName: string): Element | undefined => {
    // Cells past the header's are dropped, but what they hold still counts (raw HTML, say): plain too.
    if (cells.slice(properties.length).some((cell) => !inlineChildren(cell, true))) return undefined
    const children: ElementContent[] = [newline()]
    for (const [index, cellProperties] of properties.entries()) {
      // A cell holds no blocks: an opener may start it.
      const content = inlineChildren(cells[index] ?? '', true)
      if (!content) return undefined
      children.push({type: 'element', tagName, properties: {...cellProperties}, children: content}, newline())
    }
    return {type: 'element', tagName: 'tr', properties: {}, children}
  }
  const head = row(header, 'th')
  const rows = lines.slice(2).map((line) => row(cellsOf(line), 'td'))
  if (!head || !rows.every(Boolean)) return undefined
  const section = (tagName: string, children: Element[]): Element => ({
    type: 'element',
    tagName,
    properties: {},
    children: [newline(), ...children.flatMap((child) => [child, newline()])],
  })
  const children: ElementContent[] = [newline(), section('thead', [head]), newline()]
  if (rows.length > 0) children.push(section('tbody', rows as Element[]), newline())
  const table: Element = {type: 'element', tagName: 'table', properties: {dataLineStart: 1, dataLineEnd: lines.length}, children}
  return {nodes: [table], slots: 1, messages: [], footnoteRefs: [], closed: true, endsWithList: false, stable: true, slotted: false, hasHtml: false}
}

/** The cells of a table row that starts with a pipe, trimmed: split at every pipe, the one at the end optional. */
function cellsOf(line: string): string[] {
  const cells = line.slice(1).split('|')
  if (cells.length > 1 && cells[cells.length - 1]!.trim() === '') cells.pop()
  return cells.map((cell) => cell.trim())
}

/** A line ending between elements, as the pipeline writes one. */
export const newline = (): ElementContent => ({type: 'text', value: '\n'})

/** A list item's marker at the start of a block. */
const listStart = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t\n]|$)/
/** A list item's line: its number (none for a bullet), its bullet or delimiter, its text. */
const plainItem = /^(?:(\d{1,9})([.)])|([-*+]))(?: (.*))?$/
const itemStart = /^[\p{L}*~\x60[]/u

/**
 * A paragraph starts with a letter or a mark (`1. a` is a list); a
 * heading's text may start with a digit (`## 2. Setup`), and a heading is
 * one line whatever follows it.
 */
const paragraphStart = /^[\p{L}*_~`$[!(]/u
/** What a line starting with a mark may be instead of a paragraph: a list item, a rule, a fence, display math, a definition. */
const blockStart = /^(?:[*+-](?:[ \t]|$)|([*_-])[ \t]*(?:\1[ \t]*){2,}$|`{3}|~{3}|\$\$|\[[^\]]*\]:)/
const plainHeading = new RegExp(String.raw`^(#{1,6}) +([\p{L}\p{N}](?:${prose}| )*)$`, 'u')
const trailingWhiteSpace = /[ \t\n]+$/
