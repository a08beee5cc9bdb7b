/** Two panes side by side with a draggable divider; narrow screens stack them (CSS). */
import type {KeyboardEvent, PointerEvent, ReactNode} from 'react'
import {useRef} from 'react'

/** Props of the split view. */
export interface SplitViewProps {
  /** Share of the width the first pane takes. */
  ratio: number
  onRatioChange: (ratio: number) => void
  first: ReactNode
  second: ReactNode
}

/** A resizable two-pane layout. */
export function SplitView({ratio, onRatioChange, first, second}: SplitViewProps) {
  const container = useRef<HTMLDivElement>(null)

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    container.current?.classList.add('dragging')
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId) || !container.current) return
    const box = container.current.getBoundingClientRect()
    onRatioChange((event.clientX - box.left) / box.width)
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.releasePointerCapture(event.pointerId)
    container.current?.classList.remove('dragging')
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 0.1 : 0.02
    if (event.key === 'ArrowLeft') onRatioChange(ratio - step)
    else if (event.key === 'ArrowRight') onRatioChange(ratio + step)
    else if (event.key === 'Home') onRatioChange(0.5)
    else return
    event.preventDefault()
  }

  return (
    <div ref={container} className="split" style={{'--split': `${ratio * 100}%`} as React.CSSProperties}>
      <div className="split-pane split-first">{first}</div>
      {/* biome-ignore lint/a11y/useSemanticElements: an `<hr>` cannot be focused and dragged */}
      <div
        className="split-divider"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize editor and preview"
        aria-valuemin={15}
        aria-valuemax={85}
        aria-valuenow={Math.round(ratio * 100)}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onDoubleClick={() => onRatioChange(0.5)}
      />
      <div className="split-pane split-second">{second}</div>
    </div>
  )
}
