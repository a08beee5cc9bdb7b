/** The status area: the render state and how long the last render took in the worker. */
import {useAtomValue} from 'jotai'
import {renderStateAtom, renderViewAtom} from '../state/render.ts'

const labels = {rendering: 'Rendering…', idle: 'Up to date', error: 'Render failed'} as const

/** Render state and time. */
export function Status() {
  const state = useAtomValue(renderStateAtom)
  const {ms, version, failure} = useAtomValue(renderViewAtom)
  return (
    <div className="status" data-state={state} role="status" title={failure ?? `Render ${version}`}>
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{labels[state]}</span>
      {ms !== undefined && (
        <span className="status-ms" data-ms={ms.toFixed(1)}>
          {ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms
        </span>
      )}
    </div>
  )
}
