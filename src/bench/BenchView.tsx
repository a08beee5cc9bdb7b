/** The Benchmark view: pick what to measure, watch it run on the stage, read and download the results. */
import {useAtomValue} from 'jotai'
import {useEffect, useRef, useState} from 'react'
import './bench.css'
import {BenchControls} from './BenchControls.tsx'
import {cancelBench, startBench} from './bench-controller.ts'
import {benchConfigAtom, benchRunningAtom, benchStatusAtom, type BenchStatus} from './bench-state.ts'
import {BenchResultsPanel} from './BenchResults.tsx'
import {previewFontSize, settingsAtom} from '../state/settings.ts'
import type {BenchProgress} from './run-bench.ts'
import {createStage, type Stage} from './stage.tsx'

/** The Benchmark view. */
export function BenchView() {
  const config = useAtomValue(benchConfigAtom)
  const running = useAtomValue(benchRunningAtom)
  const fontSize = previewFontSize(useAtomValue(settingsAtom))
  const host = useRef<HTMLDivElement>(null)
  const echo = useRef<HTMLInputElement>(null)
  const [stage, setStage] = useState<Stage>()

  useEffect(() => {
    const created = createStage(host.current!)
    setStage(created)
    return () => {
      // Leaving the view stops the run: its stage is gone.
      cancelBench()
      created.unmount()
    }
  }, [])

  const run = () => {
    if (!stage) return
    // Written directly, not through React: typing must cost what an editor's echo costs.
    const onEcho = (chars: string | undefined) => {
      if (echo.current) echo.current.value = chars === undefined ? '' : (echo.current.value + chars).slice(-40)
    }
    void startBench(config, stage, onEcho)
  }
  const onlyChat = config.scenarios.length > 0 && config.scenarios.every((id) => id === 'chat')
  const empty = (config.documents.length === 0 && !onlyChat) || config.scenarios.length === 0 || config.modes.length === 0

  return (
    <div className="bench">
      <aside className="bench-side" aria-label="Benchmark settings">
        <BenchControls disabled={running} />
        <div className="bench-actions">
          {running ? (
            <button type="button" className="button" onClick={cancelBench}>
              Cancel
            </button>
          ) : (
            <button type="button" className="button primary" onClick={run} disabled={!stage || empty}>
              Run benchmark
            </button>
          )}
        </div>
      </aside>
      <section className="bench-main">
        <BenchStatusBar />
        <div className="bench-stage">
          <div className="bench-stage-head">
            <StageTitle />
            <label className="bench-echo-label">
              Keystrokes
              <input ref={echo} className="text-input bench-echo" readOnly tabIndex={-1} aria-label="Typed keystrokes" />
            </label>
          </div>
          {/* The preview's font size: the stage measures what the preview does. */}
          <div ref={host} className="bench-stage-surface" style={{'--preview-font-size': `${fontSize}px`} as React.CSSProperties} />
        </div>
        <BenchResultsPanel />
      </section>
    </div>
  )
}

/** The progress bar and what runs; the only part that follows every progress report. */
function BenchStatusBar() {
  const status = useAtomValue(benchStatusAtom)
  const progress = status.state === 'running' ? status.progress : undefined
  const fraction = progress?.fraction ?? (status.state === 'done' ? 1 : 0)
  return (
    <div className="bench-status" aria-live="polite" data-bench-state={status.state}>
      <div
        className="bench-progress"
        role="progressbar"
        aria-label="Benchmark progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
        aria-valuetext={progress?.label}
      >
        <div className="bench-progress-bar" style={{width: `${fraction * 100}%`}} />
      </div>
      <span className="bench-status-label">{statusText(status, progress)}</span>
    </div>
  )
}

function StageTitle() {
  const status = useAtomValue(benchStatusAtom)
  return <span className="bench-stage-title">Stage{status.state === 'running' ? ` · ${status.progress.label}` : ''}</span>
}

function statusText(status: BenchStatus, progress: BenchProgress | undefined): string {
  switch (status.state) {
    case 'idle':
      return 'Pick documents, scenarios and modes, then run. Main-thread modes block the page while they render: that is what they measure.'
    case 'running':
      return `Run ${Math.min(progress!.done + 1, progress!.total)} of ${progress!.total}: ${progress!.label}`
    case 'done':
      return 'Done.'
    case 'cancelled':
      return 'Cancelled; the runs that finished are below.'
    case 'failed':
      return `The benchmark failed: ${status.error}`
  }
}
