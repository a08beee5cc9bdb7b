/** Hand-built UI message streams (Server-Sent Events) for the chat tests. */

/** One SSE event carrying `value` as JSON (or as is, when a string). */
export const event = (value: unknown) => `data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`

/** The events of a whole reply that streams `deltas`. */
export function replyEvents(deltas: string[], metadata: unknown = {model: 'offthread-replay', offline: true}): string[] {
  return [
    event({type: 'start', messageMetadata: metadata}),
    event({type: 'start-step'}),
    event({type: 'text-start', id: 'text-0'}),
    ...deltas.map((delta) => event({type: 'text-delta', id: 'text-0', delta})),
    event({type: 'text-end', id: 'text-0'}),
    event({type: 'finish-step'}),
    event({type: 'finish', finishReason: 'stop'}),
    event('[DONE]'),
  ]
}

/** A byte stream of `chunks`; `cut` errors it after the last chunk, as a dropped connection does. */
export function sseStream(chunks: string[], options: {cut?: Error} = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let index = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++]
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk))
      else if (options.cut) controller.error(options.cut)
      else controller.close()
    },
  })
}
