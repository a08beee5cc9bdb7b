/** `BlockGeometry` of the preview's DOM, and the editor's lines as fractional positions. */
import type {editor} from 'monaco-editor/editor'
import {lastAtOrBefore, type BlockGeometry} from './scroll-map.ts'

/**
 * Geometry of the preview's blocks (the `.block` wrappers in `article`),
 * read lazily: a lookup touches O(log n) blocks, never all of them, so it
 * stays cheap in a document of thousands of blocks. A block's lines span
 * its first `data-line-start` to its last `data-line-end`, plus its offset;
 * a block without lines (the footnotes) sits at its offset.
 */
export function previewGeometry(article: Element): BlockGeometry {
  const blocks = article.children
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
      return first?.offsetTop ?? 0
    },
    bottom: (index) => {
      const last = blocks[index]?.lastElementChild as HTMLElement | null | undefined
      return last ? last.offsetTop + last.offsetHeight : 0
    },
  }
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
