/** Keeps a view's failure to itself: the header and the other views go on working. */
import {Component, type ReactNode} from 'react'

interface State {
  error?: Error
}

/**
 * Shows why `children` (one view) failed, in place of it, instead of
 * letting React take the whole page down; the other views still open.
 */
export class ViewBoundary extends Component<{name: string; children: ReactNode}, State> {
  override state: State = {}

  static getDerivedStateFromError(error: unknown): State {
    return {error: error instanceof Error ? error : new Error(String(error))}
  }

  override render() {
    const {error} = this.state
    if (!error) return this.props.children
    return (
      <div className="render-error" role="alert">
        <span>
          <strong>The {this.props.name} view failed:</strong> {error.message}. The other views still work.
        </span>
      </div>
    )
  }
}
