/**
 * A code block's lines, each a memoised element. Code that streams in grows
 * a line at a time, and each update keeps the nodes of the lines before (see
 * `RenderedBlock.kept`), so an append makes React render the new lines
 * only, not every line of the block again.
 */
import type {Element, ElementContent, Root} from 'hast'
import {toJsxRuntime} from 'hast-util-to-jsx-runtime'
import {toString} from 'hast-util-to-string'
import {memo, type ComponentProps} from 'react'
import {Fragment, jsx, jsxs} from 'react/jsx-runtime'
import {mapTopLevelCode} from '../../shared/display.ts'

declare module 'hast' {
  interface ElementData {
    /** A `<code>`'s children, set aside (`setCodeLinesAside`) for `Code` to render one by one. */
    codeLines?: ElementContent[]
  }
}

/** `tree` with the children of its top-level code blocks' `<code>` set aside, for `Code`. */
export function setCodeLinesAside(tree: Root): Root {
  return mapTopLevelCode(tree, (code) => ({...code, children: [], data: Object.assign({}, code.data, {codeLines: code.children})}))
}

/** The text of a `<pre>`, its code's lines set aside or not. */
export function preText(pre: Element): string {
  const code = pre.children[0]
  const lines = code?.type === 'element' ? code.data?.codeLines : undefined
  return lines ? toString({type: 'root', children: lines}) : toString(pre)
}

/** `<code>`: its lines, when set aside, each rendered once for as long as its node is the same. */
export function Code({node, ...props}: ComponentProps<'code'> & {node?: Element}) {
  const lines = node?.data?.codeLines
  if (!lines) return <code {...props} />
  return (
    <code {...props}>
      {lines.map((line, index) => (
        // Lines are only added at the end as code grows, so the index names a line.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Line key={index} node={line} />
      ))}
    </code>
  )
}

/** Highlighted lines hold spans and text only: no element the preview's components replace. */
const Line = memo(function Line({node}: {node: ElementContent}) {
  return toJsxRuntime({type: 'root', children: [node]}, {Fragment, jsx, jsxs})
})
