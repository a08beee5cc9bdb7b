/**
 * A language model middleware for upstream models: an idle timeout while
 * waiting for the next part, and the first error ends the reply.
 */
import type {LanguageModelV3Middleware, LanguageModelV3StreamPart} from '@ai-sdk/provider'

/** The error an upstream stream ends with when it sends nothing for too long. */
export class IdleTimeoutError extends Error {
  override name = 'IdleTimeoutError'
  /** How long the upstream was silent. */
  readonly timeoutMs: number
  constructor(timeoutMs: number) {
    super(`The model server sent nothing for ${formatSeconds(timeoutMs)}`)
    this.timeoutMs = timeoutMs
  }
}

/** Middleware that times out a silent upstream and stops at its first error. */
export function upstreamGuard(idleTimeoutMs: number): LanguageModelV3Middleware {
  return {
    specificationVersion: 'v3',
    // Calls `model.doStream` itself, not the `doStream` it is handed, to give
    // the upstream call an abort signal of its own.
    async wrapStream({model, params}) {
      const upstream = new AbortController()
      const abortSignal = params.abortSignal ? AbortSignal.any([params.abortSignal, upstream.signal]) : upstream.signal
      const stop = (reason: unknown) => upstream.abort(reason)
      // The time to the response headers counts as idle time too: a server
      // that accepts the connection and never answers must not hang the reply.
      const result = await withIdleTimeout(model.doStream({...params, abortSignal}), idleTimeoutMs, stop)
      const reader = result.stream.getReader()
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async pull(controller) {
          let next: Awaited<ReturnType<typeof reader.read>>
          try {
            // The clock runs only while a part is awaited, so a slow reader
            // downstream never times the upstream out.
            next = await withIdleTimeout(reader.read(), idleTimeoutMs, stop)
          } catch (error) {
            // A client that left: end the way any aborted model stream does.
            if (params.abortSignal?.aborted) return controller.error(error)
            controller.enqueue({type: 'error', error})
            reader.cancel(error).catch(() => {})
            return controller.close()
          }
          if (next.done) return controller.close()
          controller.enqueue(next.value)
          if (next.value.type === 'error') {
            // Providers report a malformed chunk and go on with the next one;
            // a reply with a hole in it is worse than one that stops.
            stop(next.value.error)
            reader.cancel(next.value.error).catch(() => {})
            controller.close()
          }
        },
        cancel(reason) {
          stop(reason)
          return reader.cancel(reason)
        },
      })
      return {...result, stream}
    },
  }
}

/** Settle like `promise`, or reject with an `IdleTimeoutError` (and call `onTimeout`) after `ms`. */
function withIdleTimeout<T>(promise: PromiseLike<T>, ms: number, onTimeout: (error: IdleTimeoutError) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new IdleTimeoutError(ms)
      onTimeout(error)
      reject(error)
    }, ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`
}
