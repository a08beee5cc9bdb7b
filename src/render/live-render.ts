/**
 * Latest-wins rendering of one session: at most one call in flight; while it
 * runs only the newest text is kept, and it is sent when the call returns, so
 * work never queues up and the preview converges to the latest text. Once
 * the worker's session holds a text, the next is sent as a change to it.
 */
import {flushSync} from 'react-dom'
import type {SessionOptions, SessionUpdate} from '../../shared/protocol.ts'
import {staleBaseError, textToSend, type HeldText, type TextChange} from '../../shared/text-change.ts'

/** How a live render talks to the worker; injected so tests can fake it. */
export interface LiveRenderBackend {
  /** Render; a long render reports its first blocks early through `progress` (`partial` updates). */
  render: (
    sessionId: string,
    text: string | TextChange,
    version: number,
    progress: (update: SessionUpdate) => void,
    options: SessionOptions,
  ) => Promise<SessionUpdate>
  close: (sessionId: string) => Promise<void>
  /** Replace the worker after a failure. */
  restart: (reason: string) => void
  reason: (error: unknown) => string
}

/** What the live render reports. */
export interface LiveRenderListener {
  /** Text `version` was handed over (it may wait for the call in flight). */
  requested: (version: number) => void
  /** An update arrived (partial ones first); return `false` if it does not fit what came before. */
  updated: (update: SessionUpdate) => boolean
  /** A call failed; the worker was replaced. */
  failed: (reason: string, version: number) => void
}

/** A session's live render. */
export interface LiveRender {
  /** Render `markdown` as the session's newest text (`{heal: true}` while a reply streams). */
  update: (markdown: string, options?: SessionOptions) => void
  /** Send the newest text again (after the worker was replaced), unless a call will anyway. */
  refresh: () => void
  /** Stop: drop results still in flight and forget the session in the worker. */
  close: () => void
}

/** Start the live render of session `sessionId`. */
export function createLiveRender(sessionId: string, backend: LiveRenderBackend, listener: LiveRenderListener): LiveRender {
  let version = 0
  let pending: {markdown: string; version: number; options: SessionOptions} | undefined
  let busy = false
  let closed = false
  let latest: {markdown: string; options: SessionOptions} | undefined
  /** The text the worker's session holds, as far as this side knows. */
  let held: HeldText | undefined
  // A text that fails twice in a row is not sent again until it changes,
  // so a document that crashes the worker cannot restart it in a loop.
  let failedVersion = -1

  // An update is committed in the task it arrives in: a task of React's own
  // would let a frame that falls due in between go out without it.
  const apply = (update: SessionUpdate) => flushSync(() => listener.updated(update))

  async function pump(): Promise<void> {
    if (busy || closed || !pending) return
    const job = pending
    pending = undefined
    busy = true
    // Each update builds on the one before, so once one does not fit, the
    // rest of this call is ignored and the session starts afresh.
    let fits = true
    const progress = (update: SessionUpdate) => {
      if (closed || !fits || !busy || update.version !== job.version) return
      fits = apply(update)
    }
    const text = textToSend(held, job.markdown)
    held = undefined
    try {
      const update = await backend.render(sessionId, text, job.version, progress, job.options)
      if (!closed && (!fits || !apply(update))) {
        // The session forgot a block we no longer hold: start it afresh.
        await backend.close(sessionId)
        pending ??= job
      } else held = job
    } catch (error) {
      // The worker was replaced (on purpose, by the benchmark) or lost the
      // session: no failure, the whole text goes again.
      if (!closed && (isAbort(error) || isStaleBase(error))) pending ??= job
      else if (!closed) {
        if (reportFailure(error, job.version, backend, listener) && failedVersion !== job.version) pending ??= job
        failedVersion = job.version
      }
    } finally {
      busy = false
    }
    return pump()
  }

  function update(markdown: string, options: SessionOptions = {}): void {
    if (closed) return
    version++
    latest = {markdown, options}
    pending = {markdown, version, options}
    listener.requested(version)
    void pump()
  }

  return {
    update,
    refresh() {
      // A new worker holds no text: the next goes whole.
      held = undefined
      if (!busy && !pending && latest !== undefined) update(latest.markdown, latest.options)
    },
    close() {
      if (closed) return
      closed = true
      pending = undefined
      backend.close(sessionId).catch(() => {})
    },
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

function isStaleBase(error: unknown): boolean {
  return error instanceof Error && error.name === staleBaseError
}

/** Restart the worker and tell the listener; whether the text is worth sending again. */
function reportFailure(error: unknown, version: number, backend: LiveRenderBackend, listener: LiveRenderListener): boolean {
  const reason = backend.reason(error)
  backend.restart(reason)
  listener.failed(reason, version)
  // A text that timed out would only time out again: wait for a new one.
  return !(error instanceof Error && error.name === 'TimeoutError')
}
