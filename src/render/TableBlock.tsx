/** A table with a toolbar above it: copy as Markdown, copy as CSV, download CSV. */
import type {Element} from 'hast'
import {useEffect, useRef, useState, type ReactNode, type RefObject} from 'react'
import {rowsToCsv, tableData, tableToMarkdown} from './table-data.ts'

/** Props of a table block. */
export interface TableBlockProps {
  /** The `<table>` element as the worker sent it: the toolbar reads the cells from it, mounted or not. */
  table: Element | undefined
  /** A top-level block's line range, which belongs on the outermost element, for scroll sync. */
  lineStart: unknown
  lineEnd: unknown
  children: ReactNode
}

type Feedback = {button: 'markdown' | 'csv'; ok: boolean} | undefined

/** `children` (the table) under its toolbar. */
export function TableBlock({table, lineStart, lineEnd, children}: TableBlockProps) {
  const [feedback, setFeedback] = useState<Feedback>()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = (button: 'markdown' | 'csv') => {
    if (!table) return
    const text = button === 'markdown' ? tableToMarkdown(tableData(table)) : rowsToCsv(tableData(table, 'text').rows)
    const show = (ok: boolean) => {
      setFeedback({button, ok})
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setFeedback(undefined), 1500)
    }
    navigator.clipboard.writeText(text).then(
      () => show(true),
      () => show(false),
    )
  }
  const download = () => {
    if (!table) return
    const blob = new Blob([rowsToCsv(tableData(table, 'text').rows)], {type: 'text/csv;charset=utf-8'})
    const url = URL.createObjectURL(blob)
    const link = document.createElement('a')
    link.href = url
    link.download = 'table.csv'
    link.click()
    // After the click's navigation has started.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
  const label = (button: 'markdown' | 'csv', text: string) => (feedback?.button === button ? (feedback.ok ? 'Copied' : 'Copy failed') : text)

  return (
    <div
      className={table?.data?.wideTable ? 'table-block wide' : 'table-block'}
      data-line-start={lineStart as number | undefined}
      data-line-end={lineEnd as number | undefined}
    >
      <div className="table-toolbar" role="toolbar" aria-label="Table">
        <button type="button" className="code-copy" title="Copy the table as Markdown" onClick={() => copy('markdown')}>
          {label('markdown', 'Copy Markdown')}
        </button>
        <button type="button" className="code-copy" title="Copy the table as CSV" onClick={() => copy('csv')}>
          {label('csv', 'Copy CSV')}
        </button>
        <button type="button" className="code-copy" title="Download the table as a CSV file" onClick={download}>
          Download CSV
        </button>
      </div>
      {children}
    </div>
  )
}

/**
 * A table wider than its column scrolls, and keyboard users scroll a box by
 * focusing it: while `ref`'s element overflows, it is a tab stop. Checked
 * when it or its sections change size (after layout, so nothing is laid out
 * twice) and when `content` changes.
 */
export function useTabStopWhileScrolling(ref: RefObject<HTMLElement | null>, content: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content can make the same box overflow, and brings new sections to watch
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver(() => {
      if (element.scrollWidth > element.clientWidth) element.tabIndex = 0
      else element.removeAttribute('tabindex')
    })
    observer.observe(element)
    for (const section of element.children) observer.observe(section)
    return () => observer.disconnect()
  }, [ref, content])
}
