/** A table of thousands of columns, mounted a few columns at a time (see `WideTable`). */
import type {Element} from 'hast'
import {toJsxRuntime, type Components} from 'hast-util-to-jsx-runtime'
import {useLayoutEffect, useRef, useState, type ComponentProps} from 'react'
import {Fragment, jsx, jsxs} from 'react/jsx-runtime'
import {columnsOf, sliceColumns} from '../../shared/display.ts'
import {coalesced} from './mount-scheduler.ts'
import {useTabStopWhileScrolling} from './TableBlock.tsx'

/** A wide table's column width, in pixels. */
const wideColumnPx = 128
/** Columns mounted on either side of those in view. */
const overscanColumns = 8

/**
 * A table of thousands of columns is one block, and the browser lays out
 * every cell of it at once, in one long frame. Only the columns in view
 * (and a few on either side) are mounted, each `wideColumnPx` wide (a fixed
 * layout, so the widths are known before the cells are), in a box as wide
 * as the whole table, which scrolls; the rest mount as it scrolls to them.
 * Only those cells become React elements: the worker sent the rows aside,
 * in the node's `data` (see workers/display/wide-tables.ts), and they render
 * with the document's `components`. The browser's
 * find in page sees only the columns mounted.
 */
export function WideTable({tableProps, sections, components}: {tableProps: ComponentProps<'table'>; sections: Element[]; components: Partial<Components>}) {
  const columns = columnsOf(sections)
  const scroller = useRef<HTMLDivElement>(null)
  useTabStopWhileScrolling(scroller, sections)
  const [range, setRange] = useState({from: 0, to: Math.min(columns, 16 + overscanColumns)})
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const measure = () => {
      const from = Math.max(0, Math.floor(element.scrollLeft / wideColumnPx) - overscanColumns)
      const to = Math.min(columns, Math.ceil((element.scrollLeft + element.clientWidth) / wideColumnPx) + overscanColumns)
      setRange((range) => (range.from === from && range.to === to ? range : {from, to}))
    }
    // The columns scrolled to mount in the mount scheduler's next frame, once however many scroll events came.
    const scrolled = coalesced(measure)
    measure()
    element.addEventListener('scroll', scrolled.request, {passive: true})
    return () => {
      element.removeEventListener('scroll', scrolled.request)
      scrolled.cancel()
    }
  }, [columns])
  const {from, to} = range
  return (
    <div className="wide-table" ref={scroller} data-columns={columns}>
      <div style={{width: columns * wideColumnPx}}>
        <table {...tableProps} style={{width: (to - from) * wideColumnPx, marginLeft: from * wideColumnPx}}>
          {toJsxRuntime({type: 'root', children: sliceColumns(sections, from, to)}, {Fragment, jsx, jsxs, components, passNode: true})}
        </table>
      </div>
    </div>
  )
}
