/**
 * A block as the preview shows it: its headings given unique ids, long code
 * and long paragraphs cut into chunks, style strings parsed into React's
 * objects, wide tables' rows set aside (see shared/display.ts), task
 * checkboxes named after their items. All of it is a pure function of the
 * block's HAST and, for the ids, of the headings before it, so the worker
 * does it once per block, not the main thread on every render of it.
 */
import type {Root, RootContent} from 'hast'
import {labelTasks} from '../../shared/task-labels.ts'
import {chunkLongCode} from './code-chunks.ts'
import {headingTexts, uniqueSlug, withHeadingIds, type SlugChange, type SlugCounts} from './heading-ids.ts'
import {withStyleObjects} from './style-objects.ts'
import {chunkLongParagraphs} from './text-chunks.ts'
import {markWideTables} from './wide-tables.ts'

/** Nodes with their heading ids, by the nodes and the ids' signature. */
const identified = new WeakMap<readonly RootContent[], {signature: string; nodes: RootContent[]}>()
/** Nodes with ids, as shown: the passes that depend on nothing else. */
const presented = new WeakMap<readonly RootContent[], RootContent[]>()

/**
 * `nodes` ready for `toJsxRuntime`, their headings slugged after those
 * `counts` holds (updated, each change logged to `changes`). The same nodes
 * with the same slugs give the same array back, so a block is sent again
 * only when what it shows changed.
 */
export function blockToDisplay(nodes: RootContent[], counts: SlugCounts, changes: SlugChange[]): RootContent[] {
  const texts = headingTexts(nodes)
  let withIds = nodes
  if (texts.length > 0) {
    const slugs = texts.map((text) => uniqueSlug(text, counts, changes))
    const signature = slugs.join('\n')
    let cached = identified.get(nodes)
    if (cached?.signature !== signature) identified.set(nodes, (cached = {signature, nodes: withHeadingIds(nodes, slugs)}))
    withIds = cached.nodes
  }
  let shown = presented.get(withIds)
  if (!shown) presented.set(withIds, (shown = present(withIds)))
  return shown
}

function present(nodes: RootContent[]): RootContent[] {
  // Task labels first: they read the items' text before long paragraphs are cut into chunks.
  const chunked = chunkLongParagraphs(chunkLongCode({type: 'root', children: labelTasks(nodes)})).children
  // Wide tables last: their rows leave the tree, which the other passes walk.
  return markWideTables(withStyleObjects(chunked))
}

/** A whole document as the display stage gives it, block by block: what a display session's blocks assemble into. */
export function hastToDisplay(tree: Root): Root {
  return {...tree, children: blockToDisplay(tree.children, new Map(), [])}
}
