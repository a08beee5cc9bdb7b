/** The results: summary tables with ratios, per-update timelines, where the time went, and the JSON download. */
import {useAtomValue} from 'jotai'
import {memo, useEffect, useMemo, useState} from 'react'
import {benchResultsAtom, benchRunningAtom, benchRunsAtom} from './bench-state.ts'
import {formatFigure} from './summary.ts'
import {SummaryTable} from './SummaryTable.tsx'
import {TimelineChart} from './TimelineChart.tsx'
import {scenarios, type BenchResults, type RunResult} from './types.ts'

/** Results of the benchmark under way (so far) or the last one. */
export function BenchResultsPanel() {
  const running = useAtomValue(benchRunningAtom)
  const results = useAtomValue(benchResultsAtom)
  const live = useAtomValue(benchRunsAtom)
  const runs = running ? live : (results?.runs ?? live)
  const groups = useMemo(() => groupRuns(runs), [runs])
  if (runs.length === 0) {
    return <p className="bench-empty">{running ? 'The first results appear here as each run finishes.' : 'No results yet.'}</p>
  }
  return (
    <div className="bench-results">
      <div className="bench-results-head">
        <h2>Results</h2>
        {results && !running && <Environment results={results} />}
        {results && !running && <DownloadButton results={results} />}
      </div>
      {groups.map((group) => (
        <GroupResult key={group.key} group={group} />
      ))}
    </div>
  )
}

/** One document and scenario: the table, the timelines, the notes. */
const GroupResult = memo(function GroupResult({group: {label, scenario, runs: group}}: {group: Group}) {
  const updates = useMemo(() => group.map((run) => ({mode: run.mode, points: run.timeline.map((point) => [point.t, point.mainMs] as const)})), [group])
  const frames = useMemo(() => group.map((run) => ({mode: run.mode, points: run.frameGaps})), [group])
  return (
    <section className="bench-group-result">
      <h3>
        {label} · {scenarios.find(({id}) => id === scenario)?.label}
      </h3>
      <SummaryTable runs={group} scenario={scenario} />
      <div className="bench-charts">
        <TimelineChart title="Main-thread time per update (ms)" series={updates} />
        <TimelineChart title="Frame gaps (ms)" series={frames} />
      </div>
      {group.some((run) => run.notes.length > 0 || run.error) && (
        <ul className="bench-notes">
          {group.flatMap((run) =>
            [...run.notes, ...(run.error ? [`Failed: ${run.error}`] : [])].map((note) => (
              <li key={run.mode + note}>
                {run.mode}: {note}
              </li>
            )),
          )}
        </ul>
      )}
    </section>
  )
})

function Environment({results}: {results: BenchResults}) {
  const {idle, environment} = results
  return (
    <p className="bench-environment">
      {new Date(results.startedAt).toLocaleString()} · {environment.hardwareConcurrency} cores · idle page: {idle.dropped} dropped frames in {idle.frames},
      longest gap {formatFigure(idle.longestGapMs, 'ms')} ms, echo key→paint p95 {formatFigure(idle.inputP95Ms, 'ms')} ms
      {results.cancelled && ' · cancelled'}
    </p>
  )
}

function DownloadButton({results}: {results: BenchResults}) {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    const created = URL.createObjectURL(new Blob([JSON.stringify(results, null, 2)], {type: 'application/json'}))
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [results])
  const name = `offthread-bench-${results.startedAt.replace(/[:.]/g, '-')}.json`
  return (
    <a className="button primary bench-download" href={url} download={name} aria-disabled={!url}>
      Download JSON
    </a>
  )
}

interface Group {
  key: string
  label: string
  scenario: RunResult['scenario']
  runs: RunResult[]
}

/** Runs by document and scenario, in the order they ran. */
function groupRuns(runs: readonly RunResult[]): Group[] {
  const groups = new Map<string, Group>()
  for (const run of runs) {
    const key = `${run.document.id}|${run.scenario}`
    let group = groups.get(key)
    if (!group) groups.set(key, (group = {key, label: run.document.label, scenario: run.scenario, runs: []}))
    group.runs.push(run)
  }
  return [...groups.values()]
}
