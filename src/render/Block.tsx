/**
 * One block of the preview. The worker sends it display-ready (see
 * workers/session/display.ts), so rendering it is `toJsxRuntime` plus the
 * components. React renders only the blocks whose HAST changed, and patches
 * an edited block's DOM (its React key is the block's id, which edits
 * keep); a changed line offset only touches the wrapper.
 */
import type {Root} from 'hast'
import {toJsxRuntime} from 'hast-util-to-jsx-runtime'
import {memo} from 'react'
import {Fragment, jsx, jsxs} from 'react/jsx-runtime'
import {setCodeLinesAside} from './code-lines.tsx'
import {components} from './components.tsx'

/** Props of a block. */
export interface BlockProps {
  hast: Root
  lineOffset: number
}

/**
 * `display: contents` wrapper carrying the offset: a top-level element's
 * document line is its `data-line-start` plus `data-line-offset`.
 */
export const Block = memo(function Block({hast, lineOffset}: BlockProps) {
  return (
    <div className="block" data-line-offset={lineOffset}>
      <BlockContent hast={hast} />
    </div>
  )
})

const BlockContent = memo(function BlockContent({hast}: {hast: Root}) {
  // The node goes to the components: a wide table's holds its rows, a code block's its lines.
  return toJsxRuntime(setCodeLinesAside(hast), {Fragment, jsx, jsxs, components, passNode: true})
})
