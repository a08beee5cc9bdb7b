/**
 * The summary of a benchmark: the headline figures of each run, and their
 * ratios against the main-thread, react-markdown and Streamdown modes on the same
 * document and scenario. Shared by the view and `npm run bench`.
 */
import {modeLabel, scenarios, type BenchResults, type ModeId, type RunFigures, type RunResult, type ScenarioId} from './types.ts'

/** A headline figure. */
export interface Column {
  key: string
  label: string
  unit: 'ms' | 'count' | 'MB'
  get: (figures: RunFigures) => number | null
}

/** The figures the summary shows, in order. */
export const columns: readonly Column[] = [
  {key: 'firstScreen', label: 'first screen', unit: 'ms', get: (f) => f.firstScreenMs},
  {key: 'complete', label: 'complete', unit: 'ms', get: (f) => f.completeMs},
  {key: 'longestTask', label: 'longest task', unit: 'ms', get: (f) => f.longTasks.longestMs},
  {key: 'longTasks', label: 'long tasks', unit: 'count', get: (f) => f.longTasks.count},
  {key: 'longTaskTotal', label: 'long-task total', unit: 'ms', get: (f) => f.longTasks.totalMs},
  {key: 'dropped', label: 'dropped frames', unit: 'count', get: (f) => f.frames.dropped},
  {key: 'longestGap', label: 'longest frame gap', unit: 'ms', get: (f) => f.frames.longestGapMs},
  {key: 'inputP95', label: 'key→paint p95', unit: 'ms', get: (f) => f.input.p95Ms},
  {key: 'caughtUp', label: 'caught up', unit: 'ms', get: (f) => f.input.caughtUpMs},
  {key: 'lagMax', label: 'stream lag max', unit: 'ms', get: (f) => f.stream.maxLagMs},
  {key: 'mainPerUpdate', label: 'main ms/update', unit: 'ms', get: (f) => (f.updates > 0 ? f.mainThread.meanMs : null)},
  {key: 'mainMax', label: 'main ms max', unit: 'ms', get: (f) => f.mainThread.maxMs},
  {key: 'render', label: 'render ms', unit: 'ms', get: (f) => f.renderMs},
  {key: 'heapPeak', label: 'heap peak', unit: 'MB', get: (f) => (f.heap.peakBytes === null ? null : f.heap.peakBytes / 1e6)},
  {key: 'lagP95', label: 'lag p95', unit: 'ms', get: (f) => f.stream.p95LagMs},
  {key: 'mainPerChunk', label: 'main ms/chunk', unit: 'ms', get: (f) => f.chat?.mainMsPerChunk ?? null},
  {key: 'mainCpu', label: 'main CPU ms/s', unit: 'ms', get: (f) => f.chat?.mainCpuMsPerSecond ?? null},
  {key: 'workerCpu', label: 'worker CPU ms/s', unit: 'ms', get: (f) => f.chat?.workerCpuMsPerSecond ?? null},
]

const shared = ['longestTask', 'longTasks', 'longTaskTotal', 'dropped', 'longestGap', 'mainPerUpdate', 'mainMax', 'render', 'heapPeak']

/** The figures that matter for each scenario, in order. */
export const scenarioColumns: Record<ScenarioId, readonly Column[]> = {
  open: pick(['firstScreen', 'complete', ...shared]),
  type: pick(['inputP95', 'caughtUp', ...shared]),
  stream: pick(['firstScreen', 'complete', 'lagMax', ...shared]),
  chat: pick(['mainPerChunk', 'lagP95', 'lagMax', 'longTasks', 'longestTask', 'dropped', 'mainCpu', 'workerCpu', 'heapPeak']),
}

function pick(keys: readonly string[]): Column[] {
  return keys.map((key) => columns.find((column) => column.key === key)!)
}

/** Figures whose ratios the summary gives (lower is better for all). */
export const ratioColumns: readonly string[] = [
  'firstScreen',
  'complete',
  'longestTask',
  'longTaskTotal',
  'dropped',
  'inputP95',
  'caughtUp',
  'lagMax',
  'lagP95',
  'mainPerChunk',
  'mainCpu',
]

/** The modes ratios are taken against. */
export const references: readonly ModeId[] = ['main-thread', 'react-markdown', 'streamdown']

/** Short names of the references, for ratios in table cells. */
export const referenceShort: Record<string, string> = {'main-thread': 'main', 'react-markdown': 'r-m', streamdown: 'sd'}

/** `figure ÷ reference figure`, or `null` when either is missing or the reference is 0. */
export function ratio(value: number | null, reference: number | null): number | null {
  if (value === null || reference === null || reference === 0) return null
  return value / reference
}

/** The run of `mode` on the same document and scenario as `run`. */
export function peerRun(runs: readonly RunResult[], run: RunResult, mode: ModeId): RunResult | undefined {
  return runs.find((other) => other.mode === mode && other.scenario === run.scenario && other.document.id === run.document.id)
}

/** Ratios of `run`'s headline figures against `reference`'s: `{firstScreen: 0.02, …}`. */
export function ratiosOf(run: RunResult, reference: RunResult | undefined): Record<string, number | null> {
  const result: Record<string, number | null> = {}
  for (const column of columns) {
    if (!ratioColumns.includes(column.key)) continue
    result[column.key] = reference ? ratio(column.get(run.figures), column.get(reference.figures)) : null
  }
  return result
}

/** A figure for a table: `12.3`, `1,234`, `–` when missing. */
export function formatFigure(value: number | null, unit: Column['unit']): string {
  if (value === null || !Number.isFinite(value)) return '–'
  if (unit === 'count') return Math.round(value).toLocaleString('en')
  if (unit === 'MB') return value.toFixed(1)
  return value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(1)
}

/** A ratio for a table: `0.02×`, `–` when missing. */
export function formatRatio(value: number | null): string {
  if (value === null) return '–'
  if (value === 0) return '0×'
  return value >= 10 ? `${Math.round(value)}×` : value >= 0.1 ? `${value.toFixed(2)}×` : `${value.toPrecision(1)}×`
}

/** Text tables, one per scenario: the figures, then their ratios; then where the time went. */
export function summaryTables(results: BenchResults): string {
  const tables: string[] = []
  const head = ['document', 'mode']
  const runLabel = (run: RunResult) => [run.document.label.replace(/^Generated /, ''), modeLabel(run.mode)]
  for (const {id, label} of scenarios) {
    const runs = results.runs.filter((run) => run.scenario === id)
    if (runs.length === 0) continue
    const shown = scenarioColumns[id]
    tables.push(
      `${label}\n\n` +
        markdownTable(
          [...head, ...shown.map((column) => (column.unit === 'count' ? column.label : `${column.label} (${column.unit})`))],
          runs.map((run) => [...runLabel(run), ...shown.map((column) => formatFigure(column.get(run.figures), column.unit))]),
        ),
    )
    const ratioKeys = shown.filter((column) => ratioColumns.includes(column.key))
    const rows: string[][] = []
    for (const run of runs) {
      if (references.includes(run.mode)) continue
      for (const reference of references) {
        const peer = peerRun(results.runs, run, reference)
        if (!peer) continue
        const ratios = ratiosOf(run, peer)
        rows.push([...runLabel(run), `÷ ${modeLabel(reference)}`, ...ratioKeys.map((column) => formatRatio(ratios[column.key] ?? null))])
      }
    }
    if (rows.length > 0)
      tables.push(`${label}: ratios (lower is better)\n\n` + markdownTable([...head, 'against', ...ratioKeys.map((column) => column.label)], rows))
  }
  const staged = results.runs.filter((run) => run.figures.stages)
  if (staged.length > 0) {
    const stageKeys = ['parse', 'toHast', 'sanitize', 'katex', 'shiki', 'other', 'transfer'] as const
    tables.push(
      'Pipeline time per stage (ms; worker, or main thread for the main-thread mode)\n\n' +
        markdownTable(
          ['document', 'scenario', 'mode', ...stageKeys],
          staged.map((run) => [
            run.document.label.replace(/^Generated /, ''),
            run.scenario,
            modeLabel(run.mode),
            ...stageKeys.map((key) => formatFigure(run.figures.stages![key], 'ms')),
          ]),
        ),
    )
  }
  return tables.join('\n\n')
}

/** A Markdown table, columns padded so it reads in a terminal too. */
export function markdownTable(head: readonly string[], rows: readonly string[][]): string {
  const widths = head.map((cell, index) => Math.max(cell.length, ...rows.map((row) => (row[index] ?? '').length)))
  const line = (cells: readonly string[]) => '| ' + cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ') + ' |'
  return [line(head), '|' + widths.map((width) => '-'.repeat(width + 2)).join('|') + '|', ...rows.map(line)].join('\n')
}
