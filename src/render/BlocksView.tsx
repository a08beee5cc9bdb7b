/**
 * A render's blocks as a `.markdown-body` article, each block memoised, with
 * GitHub-style heading ids: the editor's preview and each chat message.
 */
import type {Root} from 'hast'
import {useMemo, type ReactNode} from 'react'
import type {RenderView} from '../state/render.ts'
import {Block} from './Block.tsx'
import {headingSlugs} from './heading-ids.ts'

/** Props of a blocks view. */
export interface BlocksViewProps {
  view: RenderView
  /** Shown inside the article when the render is done and has no blocks. */
  empty?: ReactNode
  className?: string
  /** Mount only the first `limit` blocks (see `use-revealed.ts`); all by default. */
  limit?: number
}

const emptyRoot: Root = {type: 'root', children: []}

/** Past this many blocks, the browser skips layout of blocks out of view (see app.css). */
const largeDocumentBlocks = 400

/** The blocks of `view`, in order. */
export function BlocksView({view, empty, className, limit}: BlocksViewProps) {
  const {order, blocks} = view
  const slugs = useMemo(() => headingSlugs(order.map(({key}) => blocks.get(key) ?? emptyRoot)), [order, blocks])
  const classes = ['markdown-body', order.length > largeDocumentBlocks ? 'large' : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <article className={classes}>
      {(limit === undefined || limit >= order.length ? order : order.slice(0, limit)).map(({key, lineOffset}, index) => {
        const hast = blocks.get(key)
        return hast ? <Block key={key} hast={hast} lineOffset={lineOffset} slugs={(slugs[index] ?? []).join('\n')} /> : null
      })}
      {order.length === 0 && view.version > 0 && empty}
    </article>
  )
}
