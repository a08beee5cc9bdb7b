/** One scenario's figures for one document, every mode a row, with ratios against the baselines. */
import {formatFigure, formatRatio, peerRun, ratioColumns, ratiosOf, referenceShort, references, scenarioColumns} from './summary.ts'
import {modeLabel, type RunResult, type ScenarioId} from './types.ts'

/** The summary of `runs` (one document, one scenario). */
export function SummaryTable({runs, scenario}: {runs: readonly RunResult[]; scenario: ScenarioId}) {
  const columns = scenarioColumns[scenario]
  return (
    <div className="bench-table-wrap">
      <table className="bench-table">
        <thead>
          <tr>
            <th scope="col">Mode</th>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
                {column.unit !== 'count' && <span className="bench-unit"> {column.unit}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => {
            const ratios = references
              .filter((reference) => reference !== run.mode)
              .map((reference) => ({reference, values: ratiosOf(run, peerRun(runs, run, reference))}))
            return (
              <tr key={run.mode} data-mode={run.mode}>
                <th scope="row">
                  <span className={`bench-swatch mode-${run.mode}`} aria-hidden="true" />
                  {modeLabel(run.mode)}
                </th>
                {columns.map((column) => (
                  <td key={column.key}>
                    {formatFigure(column.get(run.figures), column.unit)}
                    {ratioColumns.includes(column.key) &&
                      ratios.map(({reference, values}) =>
                        values[column.key] === null || values[column.key] === undefined ? null : (
                          <span key={reference} className="bench-ratio" title={`÷ ${modeLabel(reference)}`}>
                            {formatRatio(values[column.key]!)} {referenceShort[reference]}
                          </span>
                        ),
                      )}
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
