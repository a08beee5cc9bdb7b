/** The Benchmark view: measure rendering in the worker against the main thread. */
export function BenchView() {
  return (
    <div className="placeholder">
      <h2>Benchmark</h2>
      <p>Measure rendering in the worker against the main thread.</p>
    </div>
  )
}
