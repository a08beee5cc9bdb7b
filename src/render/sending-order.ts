/** A worker call's partial updates and its result, put back in the order they were sent. */
import type {SessionUpdate} from '../../workers/session-types.ts'

/**
 * The partial updates of one call, then its result, in the order the worker
 * sent them. Comlink delivers each call of a proxied callback through the
 * callback's own message port, and the result through the worker's: the
 * browser keeps each port's messages in order, not the two together. A
 * partial update that came after the result would be applied on top of it,
 * and the result would not fit what the main thread held: the session
 * started over and the preview mounted every block again (about half of
 * the bench's 1 MB streams). So the result waits for the partial updates
 * sent before it (`partials`), at most `waitMs`; past that it goes on (any
 * later one is dropped), and if it does not fit, the session starts over.
 */
export function inSendingOrder(progress: (update: SessionUpdate) => void, waitMs = 2_000) {
  let received = 0
  let waiting: {count: number; done: () => void} | undefined
  let finished = false
  return {
    progress(update: SessionUpdate): void {
      // One that comes after the result was given up on: it is stale.
      if (finished) return
      received++
      progress(update)
      if (waiting && received >= waiting.count) waiting.done()
    },
    async result(update: SessionUpdate): Promise<SessionUpdate> {
      const count = update.partials ?? 0
      if (received < count) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs)
          waiting = {count, done: () => (clearTimeout(timer), resolve())}
        })
      }
      finished = true
      return update
    },
  }
}
