/**
 * Keep the open document rendered: every edit goes to the worker at once
 * (latest wins) and each update lands in `renderViewAtom`. Runs outside React.
 */
import {proxy} from 'comlink'
import {activeDocumentIdAtom, markdownAtom} from '../state/documents.ts'
import {applyUpdate, emptyRender, failRender, renderViewAtom, requestRender} from '../state/render.ts'
import type {store as appStore} from '../state/store.ts'
import {callRenderer, failureReason, onRendererCrash, restartRenderer} from './client.ts'
import {createLiveRender, type LiveRender, type LiveRenderBackend} from './live-render.ts'

const backend: LiveRenderBackend = {
  render: (sessionId, markdown, version, progress) =>
    callRenderer((remote) => remote.renderSession(sessionId, markdown, version, {}, proxy(progress))),
  close: (sessionId) => callRenderer((remote) => remote.closeSession(sessionId)),
  restart: (reason) => restartRenderer(reason),
  reason: failureReason,
}

/** Render the store's open document whenever it or its text changes; returns a stop function. */
export function startDocumentRenderer(store: typeof appStore): () => void {
  let live: LiveRender | undefined
  let sessionId: string | undefined
  let lastText: string | undefined

  function sync(): void {
    const id = store.get(activeDocumentIdAtom)
    const text = store.get(markdownAtom)
    if (id !== sessionId) {
      live?.close()
      live = undefined
      sessionId = id
      lastText = undefined
      store.set(renderViewAtom, emptyRender(id))
      if (id === undefined) return
      const session = id
      live = createLiveRender(session, backend, {
        requested: (version) => store.set(renderViewAtom, (view) => (view.sessionId === session ? requestRender(view, version) : view)),
        updated: (update) => {
          const next = applyUpdate(store.get(renderViewAtom), update)
          if (next) store.set(renderViewAtom, next)
          return next !== undefined
        },
        failed: (reason) => {
          console.error(`Offthread: ${reason}; restarted the render worker`)
          store.set(renderViewAtom, (view) => (view.sessionId === session ? failRender(view, reason) : view))
        },
      })
    }
    if (text !== lastText) {
      lastText = text
      live?.update(text)
    }
  }

  // A worker that dies between renders: say so, and render again in the new one.
  const onCrash = (reason: string) => {
    console.error(`Offthread: ${reason}; restarted the render worker`)
    store.set(renderViewAtom, (view) => failRender(view, reason))
    live?.refresh()
  }

  const unsubscribe = [store.sub(activeDocumentIdAtom, sync), store.sub(markdownAtom, sync), onRendererCrash(onCrash)]
  sync()
  return () => {
    for (const stop of unsubscribe) stop()
    live?.close()
  }
}
