/**
 * A render's blocks as a `.markdown-body` article, each block memoised: the
 * editor's preview and each chat message.
 */
import {memo, type CSSProperties, type ReactNode} from 'react'
import type {RenderView} from '../state/render.ts'
import {Block} from './Block.tsx'
import {GroupPlaceholder, sameItems, useGroupWindow, type WindowItem} from './group-window.tsx'

/** Props of a blocks view. */
export interface BlocksViewProps {
  view: RenderView
  /** Shown inside the article when the render is done and has no blocks. */
  empty?: ReactNode
  className?: string
  /** Mount only the first `limit` blocks (see `mount-scheduler.ts`); all by default. */
  limit?: number
}

/**
 * Past this many blocks, the browser skips layout of groups of blocks out of
 * view (see app.css). Counted from the scanner's blocks, so that a long
 * document is long from its first partial update: its first screen is laid
 * out alone, and the class does not come later, restyling every block
 * mounted by then.
 */
const largeDocumentBlocks = 400

/** The blocks of `view`, in order. */
export function BlocksView({view, empty, className, limit}: BlocksViewProps) {
  const {order, blocks} = view
  const shown = limit === undefined || limit >= order.length ? order : order.slice(0, limit)
  const groups = groupBlocks(shown, blocks)
  const large = Math.max(order.length, view.scanned) > largeDocumentBlocks
  const groupWindow = useGroupWindow(large, view.sessionId, groups)
  const classes = ['markdown-body', large ? 'large' : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <article ref={groupWindow.articleRef} className={classes}>
      {groups.map((items, index) =>
        groupWindow.mounts(items, index) ? (
          <BlockGroup key={items[0]!.id} items={items} />
        ) : (
          <GroupPlaceholder key={items[0]!.id} items={items} groupWindow={groupWindow} />
        ),
      )}
      {order.length === 0 && view.version > 0 && empty}
    </article>
  )
}

/**
 * Cut the blocks into groups of about 32, so that an update re-renders a
 * few dozen group elements and the group it touched, not thousands of
 * blocks. A group starts at a block whose id hashes to 0 mod 32: the cuts
 * depend on ids, which edits keep, so neither an edit nor an inserted block
 * moves another block into another group (which would remount it).
 */
function groupBlocks(order: RenderView['order'], blocks: RenderView['blocks']): WindowItem[][] {
  const groups: WindowItem[][] = []
  let group: WindowItem[] | undefined
  for (const {id, lineOffset} of order) {
    const hast = blocks.get(id)
    if (!hast) continue
    if (!group || startsGroup(id)) groups.push((group = []))
    group.push({id, hast, lineOffset})
  }
  return groups
}

function startsGroup(id: string): boolean {
  let hash = 0
  for (let index = 0; index < id.length; index++) hash = (hash * 31 + id.charCodeAt(index)) | 0
  return (hash & 31) === 0
}

/**
 * A run of blocks in a `.block-group` wrapper, re-rendered only when one of
 * them changed. The wrapper has no box of its own (`display: contents`) but
 * in a long document, where it is what the browser skips when out of view:
 * one element to watch for 32 blocks. With one per block, every frame that
 * laid anything out spent 20 ms here checking 5,000 of them against the
 * viewport (typing in the 1 MB sample: frames of 60-70 ms).
 */
const BlockGroup = memo(
  function BlockGroup({items}: {items: readonly WindowItem[]}) {
    return (
      <div className="block-group" style={{'--group-blocks': items.length} as CSSProperties}>
        {items.map(({id, hast, lineOffset}) => (
          <Block key={id} hast={hast} lineOffset={lineOffset} />
        ))}
      </div>
    )
  },
  (before, after) => sameItems(before.items, after.items),
)
