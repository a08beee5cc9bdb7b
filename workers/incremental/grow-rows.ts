/**
 * A tight list that grows by items renders from its last item on
 * (`renderGrownList`), and a table that grows by rows from its last row
 * (`renderGrownTable`), as a paragraph renders from its last word on
 * (grow-paragraph.ts).
 */
import type {Element, ElementContent} from 'hast'
import {joinedBlock} from './footnote-refs.ts'
import {renderPlain, renderPlainList} from './plain-block.ts'
import {countLines, onlyTopElement, renderBlock, shiftMessages, type BlockRender} from './render-block.ts'
import {prefixDefinitions} from './block-prefix.ts'
import {startsWithText} from '../../shared/text-change.ts'
import {endsWithBlankLine} from './text-diff.ts'

/** A list item's marker at the start of a line (column 0). */
const itemMarker = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t])/gm
/** The kind of a marker: the bullet, or an ordered list's delimiter. */
const markerKind = (marker: string) => marker.replace(/^\d+/, '')

/**
 * The render of `text`, the text of `previous`'s block (`previousText`)
 * grown at its end, when `previous` is a tight list of two items or more
 * whose last item the new text starts again or continues: only that item
 * and what follows it are rendered, as a list on their own, and put after
 * the items before. Items of a tight list render alone as in the list, and
 * the list stays tight as long as no blank line comes between items (which
 * the render of the rest would show, or the text before it).
 */
export async function renderGrownList(previous: BlockRender, previousText: string, text: string, prefix: string): Promise<BlockRender | undefined> {
  const list = previous.stable ? onlyTopElement(previous) : undefined
  if (!list || (list.tagName !== 'ul' && list.tagName !== 'ol') || !isTight(list)) return undefined
  const items = list.children.filter((child) => child.type === 'element' && child.tagName === 'li').length
  // Every item starts at a marker in column 0 (the counts agree), with the same kind of marker.
  const starts = [...previousText.matchAll(itemMarker)]
  if (items < 2 || starts.length !== items || starts[0]!.index !== 0) return undefined
  const kind = markerKind(starts[0]![0])
  const at = starts[starts.length - 1]!.index
  const head = previousText.slice(0, at)
  // A blank line before the last item would make the list loose; a
  // definition in an item would be the document's.
  if (endsWithBlankLine.test(head) || head.includes(']:') || !startsWithText(text, head)) return undefined
  const piece = text.slice(at)
  const marker = piece.match(/^(?:[-*+]|\d{1,9}[.)])(?=[ \t])/)
  if (!marker || markerKind(marker[0]) !== kind) return undefined
  const render = renderPlainList(piece, prefixDefinitions(prefix)) ?? (await renderBlock(piece, prefix, false))
  const rest = render.nodes[0]
  if (render.slots !== 1 || render.nodes.length !== 1 || rest?.type !== 'element' || rest.tagName !== list.tagName || render.hasHtml || !isTight(rest))
    return undefined
  // A task item makes the whole list `contains-task-list`.
  if (String(rest.properties.className) !== String(list.properties.className)) return undefined
  const lines = countLines(head)
  const grown: Element = {
    ...list,
    properties: {...list.properties, dataLineEnd: lines + Number(rest.properties.dataLineEnd)},
    children: joinAtLast(list.children, rest.children, 'li'),
  }
  return {
    ...render,
    messages: shiftMessages(render.messages, lines),
    ...joinedBlock(previous, render, grown),
  }
}

/**
 * The render of `text`, the text of `previous`'s block (`previousText`)
 * grown at its end, when `previous` is a table with body rows, one per line:
 * its header and delimiter rows and the last row on, rendered as a table on
 * their own, give the new rows, put after the rows before. A row's cells
 * depend on the header (their count and alignment) and on their own line
 * only.
 */
export async function renderGrownTable(previous: BlockRender, previousText: string, text: string, prefix: string): Promise<BlockRender | undefined> {
  const table = previous.stable ? onlyTopElement(previous) : undefined
  const body = table?.tagName === 'table' ? table.children.find((child): child is Element => child.type === 'element' && child.tagName === 'tbody') : undefined
  if (!table || !body) return undefined
  const rows = body.children.filter((child) => child.type === 'element' && child.tagName === 'tr').length
  const lines = previousText.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  if (lines.length !== rows + 2 || lines.some((line) => /^[ \t]*$/.test(line))) return undefined
  const at = previousText.length - (previousText.endsWith('\n') ? 1 : 0) - lines[lines.length - 1]!.length
  if (!startsWithText(text, previousText.slice(0, at))) return undefined
  const piece = `${lines[0]}\n${lines[1]}\n${text.slice(at)}`
  const render = renderPlain(piece) ?? (await renderBlock(piece, prefix, false))
  const rest = render.nodes[0]
  if (rest?.type !== 'element' || rest.tagName !== 'table') return undefined
  const restBody = rest.children.find((child): child is Element => child.type === 'element' && child.tagName === 'tbody')
  if (render.slots !== 1 || render.nodes.length !== 1 || !restBody || render.hasHtml || !render.stable) return undefined
  const grownBody: Element = {...body, children: joinAtLast(body.children, restBody.children, 'tr')}
  // Lines before the last row, but for the header and delimiter rows the render of the rest holds too.
  const shift = countLines(previousText.slice(0, at)) - 2
  const grown: Element = {
    ...table,
    properties: {...table.properties, dataLineEnd: shift + Number(rest.properties.dataLineEnd)},
    children: table.children.map((child) => (child === body ? grownBody : child)),
  }
  return {...render, messages: shiftMessages(render.messages, shift), ...joinedBlock(previous, render, grown)}
}

/** The children before the last `tagName` element of `before`, then those of `rest` from its first `tagName` element on. */
function joinAtLast(before: ElementContent[], rest: ElementContent[], tagName: string): ElementContent[] {
  const last = before.findLastIndex((child) => child.type === 'element' && child.tagName === tagName)
  const first = rest.findIndex((child) => child.type === 'element' && child.tagName === tagName)
  return [...before.slice(0, last), ...rest.slice(first)]
}

/** A list whose items hold no paragraphs (a loose list's items do). */
function isTight(list: Element): boolean {
  return list.children.every((item) => item.type !== 'element' || item.children.every((child) => child.type !== 'element' || child.tagName !== 'p'))
}
