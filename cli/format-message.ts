/** Content problems as `FILE:line:column: reason [ruleId]`, one per line. */
import type {RenderMessage} from '../shared/protocol.ts'

/** One line in the format compilers use, which editors and CI turn into links. */
export function formatMessage(file: string, message: RenderMessage): string {
  let place = file
  if (message.line !== undefined) place += `:${message.line}`
  if (message.line !== undefined && message.column !== undefined) place += `:${message.column}`
  // KaTeX quotes the formula, which may span lines.
  const reason = message.reason.replace(/\s*\n\s*/g, ' ')
  return `${place}: ${reason}${message.ruleId ? ` [${message.ruleId}]` : ''}`
}
