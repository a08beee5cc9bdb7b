/**
 * Display math that renders without the pipeline: a `$$` block, as it
 * streams in a formula at a time. Each append changes the formula, so the
 * memo cannot hold it, and a pipeline run around one formula cost about as
 * much as typesetting it.
 */
import type {Element} from 'hast'
import {VFile} from 'vfile'
import {fileToMessages} from '../pipeline.ts'
import {displayMath} from '../plugins/rehype-katex-cache.ts'
import type {BlockRender} from './render-block.ts'

/** `$$` alone on the first line: no indent to strip from the formula's lines, no text after the fence. */
const opening = '$$\n'
/** A line that could close the block, or open or close another: left to the pipeline unless it is the closing fence. */
const fenceLike = /^[ \t]*\$\$/
/** The closing fence: up to three spaces, two or more dollars, then white space only. */
const closing = /^ {0,3}\$\$+[ \t]*$/

/** A formula's first or last line blank: the parser trims line endings there. */
const blank = (line: string | undefined) => line !== undefined && line.trim() === ''

/**
 * The render of `text` when it is a `$$` block in the plain case: the
 * fences alone on their lines, in column 0 for the opening one, nothing but
 * blank lines after the closing one, no carriage return or NUL (which the
 * parser changes). A block not closed yet is taken only as the last
 * (`last`): else the next block would be in it.
 */
export function renderPlainMath(text: string, last: boolean): BlockRender | undefined {
  if (!text.startsWith(opening) || text.includes('\r') || text.includes('\0')) return undefined
  const lines = text.slice(opening.length).split('\n')
  let end = lines.length
  while (end > 0 && blank(lines[end - 1])) end--
  const fence = end > 0 && closing.test(lines[end - 1]!) ? end - 1 : undefined
  if (fence === undefined && !last) return undefined
  // Not closed, the formula is all the lines but the one a final line ending starts.
  const formula = fence !== undefined ? lines.slice(0, fence) : lines.at(-1) === '' ? lines.slice(0, -1) : lines
  if (formula.some((line) => fenceLike.test(line)) || blank(formula[0]) || blank(formula.at(-1))) return undefined
  const file = new VFile()
  const content = displayMath(formula.join('\n'), file)
  const block: Element = {
    type: 'element',
    tagName: 'div',
    properties: {className: ['math-block'], dataLineStart: 1, dataLineEnd: 1 + (fence === undefined ? lines.length : fence + 1)},
    children: [...content],
  }
  return {
    nodes: [block],
    slots: 1,
    messages: fileToMessages(file),
    footnoteRefs: [],
    closed: true,
    endsWithList: false,
    stable: false,
    slotted: false,
    hasHtml: false,
  }
}
