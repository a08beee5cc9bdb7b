/**
 * A language model middleware that ends a reply cleanly once it has
 * streamed `maxChars` characters: the last delta is cut to fit, open parts
 * are ended, and the stream finishes with finish reason `length`. The model
 * call is cancelled, which aborts an upstream request.
 */
import type {LanguageModelV3Middleware, LanguageModelV3StreamPart, LanguageModelV3Usage} from '@ai-sdk/provider'

/** The raw finish reason of a reply cut here, as opposed to a model's own `length`. */
export const REPLY_CAP_REASON = 'offthread-reply-cap'

/** Middleware that caps text and reasoning at `maxChars` characters together; `onCap` is called when it cuts. */
export function replyCap(maxChars: number, onCap: () => void = () => {}): LanguageModelV3Middleware {
  return {
    specificationVersion: 'v3',
    async wrapStream({doStream}) {
      const result = await doStream()
      const reader = result.stream.getReader()
      let chars = 0
      // Parts started and not yet ended, by id: they are ended on a cut.
      const open = new Map<string, 'text' | 'reasoning'>()
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async pull(controller) {
          const next = await reader.read()
          if (next.done) return controller.close()
          const part = next.value
          if (part.type === 'text-start' || part.type === 'reasoning-start') open.set(part.id, part.type === 'text-start' ? 'text' : 'reasoning')
          if (part.type === 'text-end' || part.type === 'reasoning-end') open.delete(part.id)
          if ((part.type !== 'text-delta' && part.type !== 'reasoning-delta') || chars + part.delta.length <= maxChars) {
            if (part.type === 'text-delta' || part.type === 'reasoning-delta') chars += part.delta.length
            return controller.enqueue(part)
          }
          const fits = fitting(part.delta, maxChars - chars)
          if (fits) controller.enqueue({...part, delta: fits})
          for (const [id, kind] of open) controller.enqueue({type: kind === 'text' ? 'text-end' : 'reasoning-end', id})
          controller.enqueue({type: 'finish', finishReason: {unified: 'length', raw: REPLY_CAP_REASON}, usage: unknownUsage})
          controller.close()
          onCap()
          reader.cancel(new Error(`The reply reached ${maxChars} characters`)).catch(() => {})
        },
        cancel(reason) {
          return reader.cancel(reason)
        },
      })
      return {...result, stream}
    },
  }
}

/** The first `room` characters of `text`, without splitting a surrogate pair. */
function fitting(text: string, room: number): string {
  if (room <= 0) return ''
  const code = text.charCodeAt(room - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? room - 1 : room)
}

const unknownUsage: LanguageModelV3Usage = {
  inputTokens: {total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined},
  outputTokens: {total: undefined, text: undefined, reasoning: undefined},
}
