/**
 * When each chunk of a reply reached the page: while the chat scenario runs,
 * `fetch` of the chat endpoint is wrapped so the reply's stream passes
 * through a reader that counts the text deltas as they come. The app reads
 * the same bytes, unchanged.
 */
import {chatEndpoint} from '../../chat/fetch-reply.ts'

/** A chunk of a reply that arrived: when, and how many characters of text had come with it. */
export interface Arrival {
  at: number
  chars: number
}

/** Watch the replies fetched from now on; each gets its list of arrivals, one per chunk, in order. */
export function watchArrivals(): {replies: Arrival[][]; stop: () => void} {
  const replies: Arrival[][] = []
  const original = window.fetch
  window.fetch = async (input, init) => {
    const response = await original(input, init)
    if (input !== chatEndpoint || !response.ok || !response.body) return response
    const arrivals: Arrival[] = []
    replies.push(arrivals)
    return new Response(response.body.pipeThrough(countDeltas(arrivals)), {status: response.status, statusText: response.statusText, headers: response.headers})
  }
  return {replies, stop: () => void (window.fetch = original)}
}

/** Pass the bytes through; note the text deltas of the AI SDK's event stream (`data: {"type":"text-delta",…}`). */
function countDeltas(arrivals: Arrival[]): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder()
  let buffer = ''
  let chars = 0
  return new TransformStream({
    transform(bytes, controller) {
      const at = performance.now()
      controller.enqueue(bytes)
      buffer += decoder.decode(bytes, {stream: true})
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      // Chunks read together arrived together.
      for (const line of lines) {
        if (!line.startsWith('data: {')) continue
        const event = JSON.parse(line.slice(6)) as {type?: string; delta?: string}
        if (event.type !== 'text-delta' || typeof event.delta !== 'string' || event.delta === '') continue
        chars += event.delta.length
        arrivals.push({at, chars})
      }
    },
  })
}

/**
 * When each arrival really came: the earlier of when the page read it and
 * when the model's schedule (`cps` from the first arrival) sent it. A busy
 * main thread reads late; the schedule is what a chunk would have waited for.
 */
export function arrivalTimes(arrivals: readonly Arrival[], cps: number): Arrival[] {
  const first = arrivals[0]
  if (!first) return []
  return arrivals.map(({at, chars}) => ({at: Math.min(at, first.at + ((chars - first.chars) * 1000) / cps), chars}))
}

/** Lag of each arrival: from its time to the first paint that showed its characters (`end` if none did). */
export function arrivalLags(arrivals: readonly Arrival[], paints: readonly Arrival[], end: number): number[] {
  return arrivals.map(({at, chars}) => (paints.find((paint) => paint.chars >= chars && paint.at >= at)?.at ?? end) - at)
}
