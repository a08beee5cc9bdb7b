/**
 * Keep the open document rendered: every edit goes to the worker at once
 * (latest wins) and each update lands in `renderViewAtom`. Runs outside React.
 */
import {activeDocumentIdAtom, documentListAtom, markdownAtom} from '../state/documents.ts'
import {applyUpdate, noBlocks, type HeldBlocks} from '../../shared/protocol.ts'
import {emptyRender, failRender, renderViewAtom, requestRender, showUpdate} from '../state/render.ts'
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
      // The session's blocks as received, which the view shows unless held back.
      let held: HeldBlocks = noBlocks
      live = createLiveRender(session, backend, {
        requested: (version) => store.set(renderViewAtom, (view) => (view.sessionId === session ? requestRender(view, version) : view)),
        updated: (update) => {
          const next = applyUpdate(held, update)
          if (!next) return false
          held = next
          const view = store.get(renderViewAtom)
          // A new worker (after a crash) renders the document again from its
          // start: its first parts stay off screen until they are as long as
          // the last render, which stays meanwhile.
          if (view.sessionId !== session || (update.partial && next.order.length < view.order.length)) return true
          store.set(renderViewAtom, showUpdate(view, next, update))
          return true
        },
        failed: (reason) => {
          // Name the document: the banner may be read after switching to another.
          const name = store.get(documentListAtom).find((doc) => doc.id === session)?.name
          const said = name === undefined ? reason : `“${name}”: ${reason}`
          console.error(`Offthread: ${said}; restarted the render worker`)
          store.set(renderViewAtom, (view) => (view.sessionId === session ? failRender(view, said) : view))
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
