/** A per-run timeline drawn with uPlot: one series of points per mode over the run's seconds. */
import {useAtomValue} from 'jotai'
import {useEffect, useRef} from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import {resolvedThemeAtom} from '../state/settings.ts'
import {modeLabel, type ModeId} from './types.ts'

/** A mode's points, `[ms from the start, value]`. */
export interface TimelineSeries {
  mode: ModeId
  points: ReadonlyArray<readonly [number, number]>
}

const colors: Record<ModeId, {light: string; dark: string}> = {
  offthread: {light: '#1a7f37', dark: '#3fb950'},
  'worker-full': {light: '#0969da', dark: '#58a6ff'},
  'main-thread': {light: '#bc4c00', dark: '#f0883e'},
  'react-markdown': {light: '#8250df', dark: '#bc8cff'},
  streamdown: {light: '#6e7781', dark: '#8b949e'},
}

/** A chart of `series`, sized to its container. */
export function TimelineChart({title, series}: {title: string; series: readonly TimelineSeries[]}) {
  const host = useRef<HTMLDivElement>(null)
  const theme = useAtomValue(resolvedThemeAtom)
  useEffect(() => {
    const element = host.current!
    const style = getComputedStyle(element)
    const fg = style.getPropertyValue('--md-muted').trim() || '#59636e'
    const grid = style.getPropertyValue('--md-border-muted').trim() || '#d1d9e0'
    // Seconds; uPlot.join aligns the modes' different x values, with gaps.
    const data = uPlot.join(series.map(({points}) => [points.map(([t]) => t / 1000), points.map(([, value]) => value)] as uPlot.AlignedData))
    const axis = {stroke: fg, grid: {stroke: grid, width: 1}, ticks: {stroke: grid, width: 1}}
    const chart = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: 200,
        legend: {show: true, live: false},
        cursor: {show: false},
        scales: {x: {time: false}},
        axes: [
          {...axis, label: 's'},
          {...axis, size: 50},
        ],
        series: [
          {},
          ...series.map(({mode}) => ({
            label: modeLabel(mode),
            stroke: colors[mode][theme],
            fill: colors[mode][theme],
            paths: () => null,
            points: {show: true, size: 5, stroke: colors[mode][theme], fill: colors[mode][theme]},
          })),
        ],
      },
      data,
      element,
    )
    const resize = new ResizeObserver(() => chart.setSize({width: Math.max(200, element.clientWidth), height: 200}))
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [series, theme])
  return (
    <figure className="bench-chart">
      <figcaption>{title}</figcaption>
      <div ref={host} className="bench-chart-plot" />
    </figure>
  )
}
