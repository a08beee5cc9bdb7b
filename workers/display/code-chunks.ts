/**
 * A long code block (a pasted log of thousands of lines) costs the main
 * thread one long task to lay out, all of it at once. Cut into chunks of
 * lines, each an inline block with `content-visibility: auto` (see
 * `.code-chunk` in app.css), only the chunks on screen are laid out.
 *
 * The chunks are inline blocks on lines of their own, separated by the line
 * endings that were there, so the text (`textContent`, `innerText`, a copied
 * selection) and the height stay exactly those of the uncut block. This is
 * presentation only: the display stage applies it to the preview's blocks,
 * and HTML output is left as a full render makes it.
 */
import type {Element, ElementContent, Root} from 'hast'
import {mapTopLevelCode} from '../../shared/display.ts'

/** Lines per chunk. */
export const chunkLines = 200
/** Code with at most this many lines stays as it is. */
const minLinesToChunk = 2 * chunkLines

/** `tree` with the code of its long top-level code blocks cut into chunks (the same tree if none is long). */
export function chunkLongCode(tree: Root): Root {
  return mapTopLevelCode(tree, (code) => {
    const chunked = chunkCode(code.children)
    return chunked && {...code, children: chunked}
  })
}

/** The children of a `<code>` cut into chunks of `chunkLines` lines, or `undefined` when short. */
export function chunkCode(children: readonly ElementContent[]): ElementContent[] | undefined {
  if (countLines(children) <= minLinesToChunk) return undefined
  const result: ElementContent[] = []
  let current: ElementContent[] = []
  // Text is gathered into one node per run: plain code is one string per chunk.
  let text = ''
  let lines = 0
  const flush = () => {
    if (text) current.push({type: 'text', value: text})
    text = ''
  }
  for (const child of children) {
    if (child.type !== 'text') {
      flush()
      current.push(child)
      continue
    }
    let from = 0
    for (let end = child.value.indexOf('\n'); end >= 0; end = child.value.indexOf('\n', from)) {
      text += child.value.slice(from, end)
      from = end + 1
      lines++
      if (lines === chunkLines) {
        // The chunk's last line ending goes between it and the next chunk.
        flush()
        result.push(chunk(current, lines), {type: 'text', value: '\n'})
        current = []
        lines = 0
      } else {
        text += '\n'
      }
    }
    text += child.value.slice(from)
  }
  flush()
  if (current.length > 0) result.push(chunk(current, lines))
  return result
}

function chunk(children: ElementContent[], lineEndings: number): Element {
  // The last line of a chunk has no line ending inside it.
  const lines = lineEndings + (lineEndings < chunkLines ? 1 : 0)
  return {type: 'element', tagName: 'span', properties: {className: ['code-chunk'], style: `--code-chunk-lines: ${lines}`}, children}
}

function countLines(children: readonly ElementContent[]): number {
  let count = 0
  for (const child of children) {
    if (child.type !== 'text') continue
    for (let index = child.value.indexOf('\n'); index >= 0; index = child.value.indexOf('\n', index + 1)) count++
  }
  return count
}
