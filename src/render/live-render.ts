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

/** A text to render, as handed over. */
interface Job {
  markdown: string
  version: number
  options: SessionOptions
}

/** A live render: what it talks to, and where it is. */
interface Live {
  sessionId: string
  backend: LiveRenderBackend
  listener: LiveRenderListener
  version: number
  /** The newest text not sent yet. */
  pending: Job | undefined
  /** The newest text handed over, sent or not. */
  latest: Job | undefined
  busy: boolean
  closed: boolean
  /** The text the worker's session holds, as far as this side knows. */
  held: HeldText | undefined
  /**
   * A text that fails twice in a row is not sent again until it changes,
   * so a document that crashes the worker cannot restart it in a loop.
   */
  failedVersion: number
}

/** Start the live render of session `sessionId`. */
export function createLiveRender(sessionId: string, backend: LiveRenderBackend, listener: LiveRenderListener): LiveRender {
  const live: Live = {
    sessionId,
    backend,
    listener,
    version: 0,
    pending: undefined,
    latest: undefined,
    busy: false,
    closed: false,
    held: undefined,
    failedVersion: -1,
  }
  function update(markdown: string, options: SessionOptions = {}): void {
    if (live.closed) return
    live.latest = live.pending = {markdown, version: ++live.version, options}
    listener.requested(live.version)
    void pump(live)
  }
  return {
    update,
    refresh() {
      // A new worker holds no text: the next goes whole.
      live.held = undefined
      if (!live.busy && !live.pending && live.latest !== undefined) update(live.latest.markdown, live.latest.options)
    },
    close() {
      if (live.closed) return
      live.closed = true
      live.pending = undefined
      backend.close(sessionId).catch(() => {})
    },
  }
}

/** Send the newest text, unless a call is in flight; then the newest again, until none is left. */
async function pump(live: Live): Promise<void> {
  if (live.busy || live.closed || !live.pending) return
  const job = live.pending
  live.pending = undefined
  live.busy = true
  // Each update builds on the one before, so once one does not fit, the
  // rest of this call is ignored and the session starts afresh.
  let fits = true
  const progress = (update: SessionUpdate) => {
    if (live.closed || !fits || !live.busy || update.version !== job.version) return
    fits = apply(live, update)
  }
  const text = textToSend(live.held, job.markdown)
  live.held = undefined
  try {
    const update = await live.backend.render(live.sessionId, text, job.version, progress, job.options)
    if (!live.closed && (!fits || !apply(live, update))) {
      // The session forgot a block we no longer hold: start it afresh.
      await live.backend.close(live.sessionId)
      live.pending ??= job
    } else live.held = job
  } catch (error) {
    if (!live.closed && worthSendingAgain(live, error, job.version)) live.pending ??= job
  } finally {
    live.busy = false
  }
  return pump(live)
}

/**
 * An update is committed in the task it arrives in: a task of React's own
 * would let a frame that falls due in between go out without it.
 */
function apply(live: Live, update: SessionUpdate): boolean {
  return flushSync(() => live.listener.updated(update))
}

/** After a failed call for text `version`: whether to send the text again. */
function worthSendingAgain(live: Live, error: unknown, version: number): boolean {
  // The worker was replaced (on purpose, by the benchmark) or lost the
  // session: no failure, the whole text goes again.
  if (isAbort(error) || isStaleBase(error)) return true
  const again = reportFailure(error, version, live.backend, live.listener) && live.failedVersion !== version
  live.failedVersion = version
  return again
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
