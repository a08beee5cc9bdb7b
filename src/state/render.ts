/**
 * The open document's render: the worker's blocks by key, their order, and
 * where the live render stands. Updated by `render/document-renderer.ts`.
 */
import type {Root} from 'hast'
import {atom, type createStore} from 'jotai'
import {applyUpdate as applyToHeld, type BlockPlacement, type HeldBlocks, type RenderMessage, type SessionUpdate} from '../../shared/protocol.ts'

/** What the preview shows and the status area reports. */
export interface RenderView {
  /** The render session (the document id) these blocks belong to. */
  sessionId: string | undefined
  /** The blocks of `order`, by id. */
  blocks: ReadonlyMap<string, Root>
  /** The shown document's blocks, in order. */
  order: readonly BlockPlacement[]
  /** Blocks the worker's scanner found in the text: all of them, while a long render's first parts arrive. */
  scanned: number
  messages: readonly RenderMessage[]
  /** Version of the text shown; 0 before the first render. */
  version: number
  /** Version of the newest text sent to the worker. */
  requested: number
  /** Whether the shown update is a first part of a long render, more to come. */
  partial: boolean
  /** Worker milliseconds of the last render shown. */
  ms: number | undefined
  /** Why the last render failed, while it has not succeeded since. */
  failure: string | undefined
  /** The last worker failure, kept for the banner until dismissed. */
  error: string | undefined
}

/** `rendering` while a newer text is on its way, `error` after a failure, else `idle`. */
export type RenderState = 'rendering' | 'idle' | 'error'

/** An empty render for session `sessionId`. */
export function emptyRender(sessionId: string | undefined): RenderView {
  return {
    sessionId,
    blocks: new Map(),
    order: [],
    scanned: 0,
    messages: [],
    version: 0,
    requested: 0,
    partial: false,
    ms: undefined,
    failure: undefined,
    error: undefined,
  }
}

/** The render of the open document. */
export const renderViewAtom = atom<RenderView>(emptyRender(undefined))

/** A Jotai store, as `useStore` gives it. */
type Store = ReturnType<typeof createStore>

/**
 * Resolves once the render of document `id` has its first blocks (the
 * preview mounts them in the render that follows), or ended empty or
 * failed; at the latest after `maxMs`. A long document's editor fill waits
 * for it (`editor/fill-model.ts`): on few cores, the fill's tasks would
 * hold back the first screen.
 */
export function firstBlocksReady(store: Store, id: string, maxMs = 1_000): Promise<void> {
  const shown = () => {
    const view = store.get(renderViewAtom)
    if (view.sessionId !== id) return false
    return view.order.length > 0 || view.failure !== undefined || (view.version > 0 && !view.partial)
  }
  return new Promise((resolve) => {
    if (shown()) return resolve()
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, maxMs)
    const check = () => shown() && done()
    const unsubscribe = store.sub(renderViewAtom, check)
  })
}

/** Where the worker's render stands (the preview adds its own mounting, see `Preview.tsx`). */
export const renderStateAtom = atom((get) => renderStateOf(get(renderViewAtom)))

/** Where `view` stands. */
export function renderStateOf(view: RenderView): RenderState {
  if (view.failure !== undefined) return 'error'
  return view.requested > view.version || view.partial ? 'rendering' : 'idle'
}

/** `view` after text `version` was sent to the worker. */
export function requestRender(view: RenderView, version: number): RenderView {
  return version > view.requested ? {...view, requested: version} : view
}

/** Result of `applyUpdate`: the new view, or `undefined` if the update does not fit. */
export type ApplyResult = RenderView | undefined

/**
 * `view` with `update` applied (see `applyUpdate` in shared/protocol.ts), or
 * `undefined` when it does not fit what was received before: the caller
 * then restarts the session. Every update of the session must be applied,
 * in order: each builds on the last.
 */
export function applyUpdate(view: RenderView, update: SessionUpdate): ApplyResult {
  if (update.sessionId !== view.sessionId) return view
  const held = applyToHeld(view, update)
  return held && showUpdate(view, held, update)
}

/** `view` showing `held`, the blocks after `update`. */
export function showUpdate(view: RenderView, held: HeldBlocks, update: SessionUpdate): RenderView {
  return {
    ...view,
    ...held,
    scanned: update.scanned,
    messages: update.messages,
    version: Math.max(view.version, update.version),
    partial: update.partial,
    ms: update.ms,
    failure: undefined,
  }
}

/** `view` after a worker failure while rendering. */
export function failRender(view: RenderView, reason: string): RenderView {
  return {...view, failure: reason, error: reason}
}

/** `view` without the error banner. */
export function dismissError(view: RenderView): RenderView {
  return view.error === undefined ? view : {...view, error: undefined}
}

/** Content messages of the shown render, with the session they belong to. */
export const renderMessagesAtom = atom((get) => {
  const {sessionId, messages} = get(renderViewAtom)
  return {sessionId, messages}
})
