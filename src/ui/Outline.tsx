/**
 * The outline panel beside the preview: the document's headings; a click
 * scrolls the preview and the editor to one, and the heading in view is
 * marked as the preview scrolls. A document can have thousands of
 * headings, so only the rows in the panel's view are mounted, and a
 * scroll frame costs one lookup of the line in view and a binary search.
 */
import {useAtom, useAtomValue} from 'jotai'
import {useEffect, useLayoutEffect, useRef, useState, type RefObject} from 'react'
import {previewGeometry, scrollEditorToLine} from '../editor/preview-geometry.ts'
import {yToLine, type BlockGeometry} from '../editor/scroll-map.ts'
import {revealFragment} from '../render/Preview.tsx'
import {editorAtom} from '../state/editor.ts'
import {headingAt, outlineAtom, outlineOpenAtom, type OutlineHeading} from '../state/outline.ts'
import {ListIcon} from './icons.tsx'

/** Height of one row, in pixels (the CSS's too). */
const rowPx = 28
/** Rows mounted above and below those in view. */
const overscanRows = 10
/**
 * How far below the top of the preview the heading in view is read, in
 * pixels: a heading scrolled to the top (by a click here) is the one in
 * view, however short its section.
 */
const readingOffsetPx = 16

/** The header's button that shows and hides the outline (an icon: the header has no room for more labels). */
export function OutlineButton() {
  const [open, setOpen] = useAtom(outlineOpenAtom)
  return (
    <button
      type="button"
      className="button icon-button outline-button"
      aria-label="Outline"
      aria-pressed={open}
      title={open ? 'Hide the outline' : 'Show the outline'}
      onClick={() => setOpen(!open)}
    >
      <ListIcon />
    </button>
  )
}

/** The outline of the open document; `preview` is the preview's scroller. */
export function Outline({preview}: {preview: HTMLElement | null}) {
  const headings = useAtomValue(outlineAtom)
  const editor = useAtomValue(editorAtom)
  const active = useActiveHeading(preview, headings)
  const list = useRef<HTMLDivElement>(null)
  const {from, to} = useRowWindow(list, headings.length, active)
  const minLevel = headings.reduce((min, {level}) => Math.min(min, level), 6)

  const go = (heading: OutlineHeading) => {
    const article = preview?.querySelector('.markdown-body') ?? null
    if (heading.slug !== undefined) revealFragment(article, heading.slug, 'instant')
    if (editor) {
      editor.setPosition({lineNumber: heading.line, column: 1})
      scrollEditorToLine(editor, heading.line)
    }
  }

  return (
    <nav className="outline" aria-label="Outline">
      <div className="outline-heading">
        Outline <span className="outline-count">{headings.length}</span>
      </div>
      {headings.length === 0 && <p className="outline-empty">No headings yet.</p>}
      <div ref={list} className="outline-scroll">
        <ol className="outline-list" style={{height: headings.length * rowPx}}>
          {headings.slice(from, to).map((heading, offset) => {
            const index = from + offset
            return (
              <li key={index} className="outline-item" style={{top: index * rowPx}}>
                <button
                  type="button"
                  className="outline-link"
                  aria-current={index === active ? 'location' : undefined}
                  style={{paddingLeft: 8 + (heading.level - minLevel) * 12}}
                  title={heading.text}
                  data-line={heading.line}
                  onClick={() => go(heading)}
                >
                  {heading.text || '(empty heading)'}
                </button>
              </li>
            )
          })}
        </ol>
      </div>
    </nav>
  )
}

/**
 * The rows of `list` (rows of `rowPx`) to mount: those in its view and
 * `overscanRows` on either side. Row `active` is scrolled into its view.
 */
function useRowWindow(list: RefObject<HTMLDivElement | null>, count: number, active: number): {from: number; to: number} {
  const [range, setRange] = useState({top: 0, height: 600})
  useLayoutEffect(() => {
    const element = list.current
    if (!element) return
    const measure = () => setRange({top: element.scrollTop, height: element.clientHeight})
    measure()
    const resize = new ResizeObserver(measure)
    resize.observe(element)
    element.addEventListener('scroll', measure, {passive: true})
    return () => {
      resize.disconnect()
      element.removeEventListener('scroll', measure)
    }
  }, [list])

  useEffect(() => {
    const element = list.current
    if (!element || active < 0) return
    const top = active * rowPx
    if (top < element.scrollTop) element.scrollTop = top
    else if (top + rowPx > element.scrollTop + element.clientHeight) element.scrollTop = top + rowPx - element.clientHeight
  }, [list, active])

  return {
    from: Math.max(0, Math.floor(range.top / rowPx) - overscanRows),
    to: Math.min(count, Math.ceil((range.top + range.height) / rowPx) + overscanRows),
  }
}

/**
 * Index of the heading in view in `preview`: the last one at or above the
 * line shown `readingOffsetPx` below its top. Read once a frame while it
 * scrolls; the preview's blocks are listed again only when the article's
 * children or the headings change.
 */
function useActiveHeading(preview: HTMLElement | null, headings: readonly OutlineHeading[]): number {
  const [active, setActive] = useState(-1)
  const latest = useRef({headings, update: () => {}})
  latest.current.headings = headings

  useEffect(() => {
    if (!preview) return
    let frame = 0
    let article: Element | null = null
    let map: BlockGeometry | undefined
    const watch = new MutationObserver(() => (map = undefined))
    const update = () => {
      frame = 0
      const found = preview.querySelector(':scope > .markdown-body')
      if (found !== article) {
        watch.disconnect()
        article = found
        map = undefined
        if (article) watch.observe(article, {childList: true})
      }
      if (!article) return setActive(-1)
      map ??= previewGeometry(article)
      const line = yToLine(map, preview.scrollTop + readingOffsetPx)
      setActive(headingAt(latest.current.headings, line))
    }
    const request = () => (frame ||= requestAnimationFrame(update))
    latest.current.update = () => {
      map = undefined
      request()
    }
    preview.addEventListener('scroll', request, {passive: true})
    request()
    return () => {
      cancelAnimationFrame(frame)
      watch.disconnect()
      preview.removeEventListener('scroll', request)
      latest.current.update = () => {}
    }
  }, [preview])

  // A new render moves blocks and headings.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new render moves the headings
  useEffect(() => latest.current.update(), [headings])
  return active
}
