/** Content messages from the pipeline as Monaco markers. */
import type {editor} from 'monaco-editor/editor'
import type {RenderMessage} from '../../shared/protocol.ts'

/** Severity values of `monaco.MarkerSeverity`, inlined so this file stays free of Monaco's runtime. */
const severity = {warning: 4, error: 8} as const

/** Markers for `messages`, each underlining its whole source line from its column. */
export function messagesToMarkers(messages: readonly RenderMessage[], lineCount: number, lineEndColumn: (line: number) => number): editor.IMarkerData[] {
  return messages.map((message) => {
    const line = Math.min(Math.max(message.line ?? 1, 1), lineCount)
    const end = lineEndColumn(line)
    const column = Math.min(Math.max(message.column ?? 1, 1), end)
    return {
      severity: message.ruleId === 'unknown-language' || message.ruleId === 'code-too-large' ? severity.warning : severity.error,
      message: message.reason,
      source: 'offthread',
      code: message.ruleId,
      startLineNumber: line,
      startColumn: column,
      endLineNumber: line,
      endColumn: Math.max(end, column + 1),
    }
  })
}
