/**
 * Keep the open document rendered: every edit goes to the worker at once
 * (latest wins) and each update lands in `renderViewAtom`. Runs outside React.
 */
import {activeDocumentIdAtom, documentListAtom, markdownAtom} from '../state/documents.ts'
import {applyUpdate, emptyRender, failRender, renderViewAtom, requestRender} from '../state/render.ts'
import type {store as appStore} from '../state/store.ts'
import {onRendererCrash} from './client.ts'
import {createLiveRender, type LiveRender} from './live-render.ts'
import {workerBackend as backend} from './worker-backend.ts'

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
          // Name the document: the banner may be read after switching to another.
          const name = store.get(documentListAtom).find((doc) => doc.id === session)?.name
          const said = name === undefined ? reason : `“${name}”: ${reason}`
          console.error(`Offthread: ${said}; restarted the render worker`)
          store.set(renderViewAtom, (view) => (view.sessionId === session ? failRender(view, said) : view))
        },
        // After a crash, the new worker's render keeps the last one on screen until it is as long.
        shown: () => {
          const view = store.get(renderViewAtom)
          return view.sessionId === session ? view.order.length : 0
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
