/**
 * Turn display math (`$$` blocks and ```` ```math ```` fences), which
 * remark-rehype emits as `<pre><code class="language-math">`, into
 * `<div class="math-block"><code …></div>` before KaTeX runs.
 *
 * rehype-katex replaces a `<pre>` wholesale, losing its position; keeping a
 * wrapper gives every top-level block an element that knows its source lines.
 */
import type {Root} from 'hast'
import {forEachElement} from './walk.ts'

export default function rehypeMathBlocks() {
  return function (tree: Root) {
    forEachElement(tree, (pre) => {
      if (pre.tagName !== 'pre') return
      const code = pre.children[0]
      if (code?.type !== 'element' || code.tagName !== 'code') return
      const classes = Array.isArray(code.properties.className) ? code.properties.className : []
      if (!classes.includes('language-math')) return
      code.properties.className = ['language-math', 'math-display']
      pre.tagName = 'div'
      // Not `math-display`: rehype-katex would render the wrapper itself.
      pre.properties = {className: ['math-block']}
    })
  }
}
