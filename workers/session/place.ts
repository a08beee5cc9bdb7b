/**
 * Stage 4, place: where each rendered block sits in the document. Its line
 * offset, its footnote numbers and its messages' lines all follow from the
 * blocks before it, so placing resumes from the state saved before the
 * first block that changed.
 */
import type {RootContent} from 'hast'
import type {RenderMessage} from '../../shared/protocol.ts'
import {createNumbering, numberReferences, patchReferences, sameNumbering, type FootnoteNumbering} from '../incremental/footnotes.ts'
import type {BlockRender} from '../incremental/render-block.ts'
import type {Entry} from './scan.ts'

/** What placing knew before a block: all of it depends on earlier blocks only. */
export interface Before {
  line: number
  numbering: FootnoteNumbering
  /** Messages of the blocks before. */
  messages: number
  /** Placed blocks before (a block that renders nothing takes no place). */
  placed: number
}

/** A block in its place, with its nodes as the main thread shows them. */
export interface Placed {
  id: string
  lineOffset: number
  nodes: RootContent[]
}

/** The placement of a whole document, kept from one update to the next. */
export interface Placement {
  /** `before[i]`: the state before entry `i`; one more for the end once placed to it. */
  before: Before[]
  placed: Placed[]
  messages: RenderMessage[]
}

/** Nothing placed. */
export function createPlacement(): Placement {
  return {before: [], placed: [], messages: []}
}

const start: Before = {line: 0, numbering: createNumbering(), messages: 0, placed: 0}

/** A render's nodes with its footnote references numbered, by the numbers' signature. */
const numbered = new WeakMap<BlockRender, {signature: string; nodes: RootContent[]}>()

/**
 * Place `entries[from]` to `entries[to - 1]`, whose renders `renderOf`
 * gives, over what `placement` held; returns the state after them. With
 * `stop`, entries from `stop.at` on are the previous ones (they stood
 * `stop.shift` earlier): when the state before them is as it was, they keep
 * their places and placing stops there (`kept`).
 */
export function place(
  placement: Placement,
  entries: readonly Entry[],
  from: number,
  to: number,
  renderOf: (entry: Entry) => BlockRender,
  stop?: {at: number; shift: number},
): {end: Before; kept: boolean} {
  const first = placement.before[from] ?? start
  let {line, numbering} = first
  const before: Before[] = []
  const placed: Placed[] = []
  const messages: RenderMessage[] = []
  for (let index = from; index < to; index++) {
    if (index === stop?.at) {
      const old = placement.before[index - stop.shift]
      const now: Before = {line, numbering, messages: first.messages + messages.length, placed: first.placed + placed.length}
      if (old && sameBefore(old, now)) {
        spliceIn(placement.before, from, index - stop.shift - from, before)
        spliceIn(placement.placed, first.placed, old.placed - first.placed, placed)
        spliceIn(placement.messages, first.messages, old.messages - first.messages, messages)
        return {end: placement.before[placement.before.length - 1]!, kept: true}
      }
    }
    const entry = entries[index]!
    before.push({line, numbering, messages: first.messages + messages.length, placed: first.placed + placed.length})
    const render = renderOf(entry)
    for (const message of render.messages) messages.push({...message, line: message.line === undefined ? undefined : message.line + line})
    if (render.slots > 0) {
      let nodes = render.nodes
      if (render.footnoteRefs.length > 0) {
        numbering = {order: [...numbering.order], counts: new Map(numbering.counts)}
        const numbers = numberReferences(render.footnoteRefs, numbering)
        const signature = numbers.join(';')
        let cached = numbered.get(render)
        if (cached?.signature !== signature) numbered.set(render, (cached = {signature, nodes: patchReferences(render.nodes, numbers)}))
        nodes = cached.nodes
      }
      placed.push({id: entry.id, lineOffset: line, nodes})
    }
    line += entry.lines
  }
  const end: Before = {line, numbering, messages: first.messages + messages.length, placed: first.placed + placed.length}
  before.push(end)
  spliceIn(placement.before, from, Infinity, before)
  spliceIn(placement.placed, first.placed, Infinity, placed)
  spliceIn(placement.messages, first.messages, Infinity, messages)
  return {end, kept: false}
}

function sameBefore(a: Before, b: Before): boolean {
  return a.line === b.line && a.messages === b.messages && a.placed === b.placed && sameNumbering(a.numbering, b.numbering)
}

/** `list` with `remove` items from `start` replaced by `items` (no spread: a long document has more items than a call takes arguments). */
function spliceIn<T>(list: T[], start: number, remove: number, items: readonly T[]): void {
  const tail = list.slice(start + remove)
  list.length = start
  for (const item of items) list.push(item)
  for (const item of tail) list.push(item)
}
