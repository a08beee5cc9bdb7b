/** `BlockGeometry` of the preview's DOM, and the editor's lines as fractional positions. */
import type {editor} from 'monaco-editor/editor'
import {lastAtOrBefore, type BlockGeometry} from './scroll-map.ts'

/**
 * Geometry of the preview's blocks (the `.block` wrappers in `article`, in
 * their groups), read lazily: a lookup touches O(log n) blocks, never all of
 * them, so it stays cheap in a document of thousands of blocks. A block's
 * lines span its first `data-line-start` to its last `data-line-end`, plus
 * its offset; a block without lines (the footnotes) sits at its offset.
 * Positions are in the scrolling content of `article`'s offset parent (the
 * preview's scroller): a long document's groups, which the browser may skip
 * laying out, are offset parents of their own.
 */
export function previewGeometry(article: Element): BlockGeometry {
  const blocks = article.querySelectorAll(':scope > .block-group > .block')
  const scroller = (article as HTMLElement).offsetParent
  const offset = (index: number) => Number(blocks[index]?.getAttribute('data-line-offset') ?? 0)
  const lined = (index: number, last: boolean): HTMLElement | undefined => {
    const block = blocks[index]
    if (!block) return undefined
    const found = block.querySelectorAll<HTMLElement>(':scope > [data-line-start]')
    return found[last ? found.length - 1 : 0]
  }
  const startLine = (index: number) => offset(index) + Number(lined(index, false)?.getAttribute('data-line-start') ?? 1)
  return {
    count: blocks.length,
    startLine,
    endLine: (index) => {
      const element = lined(index, true)
      return element ? offset(index) + Number(element.getAttribute('data-line-end')) : startLine(index)
    },
    top: (index) => {
      const first = blocks[index]?.firstElementChild as HTMLElement | null | undefined
      return first ? offsetTopIn(first, scroller) : 0
    },
    bottom: (index) => {
      const last = blocks[index]?.lastElementChild as HTMLElement | null | undefined
      return last ? offsetTopIn(last, scroller) + last.offsetHeight : 0
    },
  }
}

/** Top of `element` in `container`, its offset parent or one further up. */
function offsetTopIn(element: HTMLElement, container: Element | null): number {
  let top = 0
  for (let node: Element | null = element; node && node !== container && node instanceof HTMLElement; node = node.offsetParent) top += node.offsetTop
  return top
}

/** Fractional source line at the top of the editor's viewport. */
export function editorTopLine(instance: editor.ICodeEditor): number {
  const model = instance.getModel()
  if (!model) return 1
  const y = instance.getScrollTop()
  const count = model.getLineCount()
  const line = Math.max(1, lastAtOrBefore(count, (index) => instance.getTopForLineNumber(index + 1), y) + 1)
  const top = instance.getTopForLineNumber(line)
  const next = line < count ? instance.getTopForLineNumber(line + 1) : instance.getContentHeight()
  return line + (next > top ? Math.min(1, (y - top) / (next - top)) : 0)
}

/** Scroll the editor so fractional `line` is at the top of its viewport. */
export function scrollEditorToLine(instance: editor.ICodeEditor, line: number): void {
  const count = instance.getModel()?.getLineCount() ?? 1
  const whole = Math.min(Math.max(1, Math.floor(line)), count)
  const top = instance.getTopForLineNumber(whole)
  const next = whole < count ? instance.getTopForLineNumber(whole + 1) : top
  instance.setScrollTop(top + (line - whole) * (next - top))
}
