/**
 * Stage 4, place: where each rendered block sits in the document. Its line
 * offset, its footnote numbers and its messages' lines all follow from the
 * blocks before it, so placing resumes from the state saved before the
 * first block that changed.
 */
import type {RootContent} from 'hast'
import type {RenderMessage} from '../../shared/protocol.ts'
import {createNumbering, numberReferences, patchReferences, type FootnoteNumbering} from '../incremental/footnotes.ts'
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
 * gives, over what `placement` held; returns the state after them.
 */
export function place(placement: Placement, entries: readonly Entry[], from: number, to: number, renderOf: (entry: Entry) => BlockRender): Before {
  const first = placement.before[from] ?? start
  let {line, numbering} = first
  const before: Before[] = []
  const placed: Placed[] = []
  const messages: RenderMessage[] = []
  for (let index = from; index < to; index++) {
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
  replaceFrom(placement.before, from, before)
  replaceFrom(placement.placed, first.placed, placed)
  replaceFrom(placement.messages, first.messages, messages)
  return end
}

/** `list` cut at `from`, then `items` (no spread: a long document has more items than a call takes arguments). */
function replaceFrom<T>(list: T[], from: number, items: readonly T[]): void {
  list.length = from
  for (const item of items) list.push(item)
}
