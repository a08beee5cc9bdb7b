/**
 * The outline: the open document's headings, read from the blocks the
 * worker sent (their ids and lines), never from the markdown. Only
 * top-level headings are listed, as each block's line range is on its
 * top-level elements.
 */
import type {Root} from 'hast'
import {atom} from 'jotai'
import {lastAtOrBefore} from '../editor/scroll-map.ts'
import {readableText} from '../render/table-data.ts'
import {renderViewAtom, type RenderView} from './render.ts'

/** One heading of the outline. */
export interface OutlineHeading {
  /** 1 to 6. */
  level: number
  text: string
  /** Its `#slug` (its element's id is `user-content-` and this), when it has one. */
  slug: string | undefined
  /** The document line it starts on. */
  line: number
}

/** Whether the outline panel is open. */
export const outlineOpenAtom = atom(false)

/** The open document's headings, in order; computed only while something reads it (the open panel). */
export const outlineAtom = atom((get) => outlineOf(get(renderViewAtom)))

/** A block's headings with lines relative to the block, cached per block (the worker sends a new tree only when it changed). */
const blockCache = new WeakMap<Root, readonly OutlineHeading[]>()
const none: readonly OutlineHeading[] = []

/** Headings of one block, their lines counted from 1 at the block's first line. */
export function blockHeadings(hast: Root): readonly OutlineHeading[] {
  let found = blockCache.get(hast)
  if (found) return found
  const list: OutlineHeading[] = []
  for (const node of hast.children) {
    if (node.type !== 'element' || !/^h[1-6]$/.test(node.tagName)) continue
    const slug = node.properties.dataSlug
    list.push({
      level: Number(node.tagName[1]),
      text: readableText(node, 'bare'),
      slug: typeof slug === 'string' ? slug : undefined,
      line: Number(node.properties.dataLineStart ?? 1),
    })
  }
  blockCache.set(hast, (found = list.length === 0 ? none : list))
  return found
}

/** The headings of `view`'s blocks, with document lines. */
export function outlineOf({order, blocks}: Pick<RenderView, 'order' | 'blocks'>): OutlineHeading[] {
  const headings: OutlineHeading[] = []
  for (const {id, lineOffset} of order) {
    const hast = blocks.get(id)
    if (!hast) continue
    for (const heading of blockHeadings(hast)) headings.push(lineOffset === 0 ? heading : {...heading, line: heading.line + lineOffset})
  }
  return headings
}

/** Index of the heading whose section holds document line `line` (the last one at or above it), or -1 before the first. */
export function headingAt(headings: readonly OutlineHeading[], line: number): number {
  return lastAtOrBefore(headings.length, (index) => headings[index]!.line, line)
}
