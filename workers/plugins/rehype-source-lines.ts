/**
 * Give each top-level element its source line range (`data-line-start`,
 * `data-line-end`, 1-based, inclusive), then drop `position` from the whole
 * tree: it is only needed here and would double what crosses to the main
 * thread.
 */
import type {Root} from 'hast'

export default function rehypeSourceLines() {
  return function (tree: Root) {
    for (const child of tree.children) {
      if (child.type !== 'element' || !child.position) continue
      child.properties.dataLineStart = child.position.start.line
      child.properties.dataLineEnd = child.position.end.line
    }
    removePositions(tree)
  }
}

/**
 * `unist-util-remove-position` with `force`, without the visitor's
 * bookkeeping (a tenth of a short block's render), and with a stack of its
 * own rather than recursion, for deeply nested trees.
 */
function removePositions(tree: Root): void {
  const stack: Array<{position?: unknown; children?: unknown[]}> = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    delete node.position
    if (node.children) for (const child of node.children) stack.push(child as {position?: unknown; children?: unknown[]})
  }
}
