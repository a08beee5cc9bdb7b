/**
 * One block of the preview. React renders only the blocks whose render
 * (their HAST) or heading slugs changed, and patches an edited block's DOM
 * (its React key is the block's id, which edits keep); a changed line
 * offset only touches the wrapper.
 */
import type {Root} from 'hast'
import {toJsxRuntime} from 'hast-util-to-jsx-runtime'
import {memo, useMemo} from 'react'
import {Fragment, jsx, jsxs} from 'react/jsx-runtime'
import {chunkLongCode} from './code-chunks.ts'
import {components} from './components.tsx'
import {withHeadingIds} from './heading-ids.ts'
import {withStyleObjects} from './style-objects.ts'
import {chunkLongParagraphs} from './text-chunks.ts'
import {stashWideTables} from './wide-tables.ts'

/** Props of a block: `slugs` is newline-joined so equal slugs compare equal. */
export interface BlockProps {
  hast: Root
  lineOffset: number
  slugs: string
}

/**
 * `display: contents` wrapper carrying the offset: a top-level element's
 * document line is its `data-line-start` plus `data-line-offset`.
 */
export const Block = memo(function Block({hast, lineOffset, slugs}: BlockProps) {
  return (
    <div className="block" data-line-offset={lineOffset}>
      <BlockContent hast={hast} slugs={slugs} />
    </div>
  )
})

const BlockContent = memo(function BlockContent({hast, slugs}: {hast: Root; slugs: string}) {
  const tree = useMemo(() => stashWideTables(chunkLongParagraphs(chunkLongCode(withHeadingIds(withStyleObjects(hast), slugs ? slugs.split('\n') : [])))), [hast, slugs])
  // The node goes to the components: a wide table's finds its cells by it.
  return toJsxRuntime(tree, {Fragment, jsx, jsxs, components, passNode: true})
})
