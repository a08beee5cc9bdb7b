/**
 * Give each top-level element its source line range (`data-line-start`,
 * `data-line-end`, 1-based, inclusive), then drop `position` from the whole
 * tree: it is only needed here and would double what crosses to the main
 * thread.
 */
import type {Root} from 'hast'
import {removePosition} from 'unist-util-remove-position'

export default function rehypeSourceLines() {
  return function (tree: Root) {
    for (const child of tree.children) {
      if (child.type !== 'element' || !child.position) continue
      child.properties.dataLineStart = child.position.start.line
      child.properties.dataLineEnd = child.position.end.line
    }
    removePosition(tree, {force: true})
  }
}
