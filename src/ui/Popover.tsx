/** A button that opens a panel below it; closes on Escape or a click outside. */
import {useEffect, useId, useRef, useState, type ReactNode} from 'react'

/** Props of a popover. */
export interface PopoverProps {
  /** Content of the button that opens the panel. */
  label: ReactNode
  /** Accessible name of the button, when `label` is an icon. */
  title?: string
  className?: string
  align?: 'start' | 'end'
  /** The panel; receives a function that closes it. */
  children: (close: () => void) => ReactNode
}

/** A button with a drop-down panel. */
export function Popover({label, title, className, align = 'start', children}: PopoverProps) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const id = useId()
  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])
  return (
    <div ref={root} className={`popover ${className ?? ''}`}>
      <button
        id={`${id}-button`}
        type="button"
        className="button"
        title={title}
        aria-label={title}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open && (
        <div id={id} className={`popover-panel popover-${align}`} role="dialog" aria-labelledby={`${id}-button`}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  )
}
