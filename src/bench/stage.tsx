/**
 * The stage: where the mode under test renders, in a React root of its own
 * so each update can be committed synchronously (`flushSync`) and timed.
 * Preview modes use the app's own `Preview` with a store of their own.
 */
import type {Root, RootContent} from 'hast'
import {createStore, Provider} from 'jotai'
import type {ReactNode} from 'react'
import {flushSync} from 'react-dom'
import {createRoot} from 'react-dom/client'
import {Preview} from '../render/Preview.tsx'
import {emptyRender, renderViewAtom, type RenderView} from '../state/render.ts'
import {previewGeometry} from '../editor/preview-geometry.ts'
import {lineToY} from '../editor/scroll-map.ts'
import {nextFrame} from './scenarios.ts'

/** Where a mode shows its output. */
export interface Stage {
  /** Show `view` in the app's preview; commits before returning. */
  showView: (view: RenderView) => void
  /** Show `element` in a preview-like frame; commits before returning. */
  showElement: (element: ReactNode) => void
  /** Show `element` as it is (the chat scenario's Chat view); commits before returning. */
  showRaw: (element: ReactNode) => void
  /**
   * When the view shown is mounted whole (`performance.now()`): the preview
   * mounts a long document a slice at a time, after its last update. At
   * once for an element, or nothing.
   */
  whenMounted: (signal: AbortSignal) => Promise<number>
  /**
   * Scroll the preview to source line `line`, as scroll sync would for an
   * edit there, and wait until the blocks there are mounted (a long
   * document mounts the groups near the screen only). Nothing for an element.
   */
  showLine: (line: number, signal: AbortSignal) => Promise<void>
  /** Show nothing. */
  clear: () => void
  unmount: () => void
}

/** A stage rendering into `host`. */
export function createStage(host: HTMLElement): Stage {
  const root = createRoot(host)
  let store: ReturnType<typeof createStore> | undefined
  return {
    showView(view) {
      if (store) {
        const current = store
        flushSync(() => current.set(renderViewAtom, view))
        return
      }
      const fresh = (store = createStore())
      fresh.set(renderViewAtom, view)
      flushSync(() =>
        root.render(
          <Provider store={fresh}>
            <Preview />
          </Provider>,
        ),
      )
    },
    showElement(element) {
      store = undefined
      flushSync(() =>
        root.render(
          <div className="preview-pane">
            <div className="preview-scroll">
              <article className="markdown-body">{element}</article>
            </div>
          </div>,
        ),
      )
    },
    showRaw(element) {
      store = undefined
      flushSync(() => root.render(element))
    },
    whenMounted(signal) {
      return untilMounted(host, signal, () => store !== undefined)
    },
    async showLine(line, signal) {
      if (store) await scrollToLine(host, line, signal)
    },
    clear() {
      store = undefined
      flushSync(() => root.render(null))
    },
    unmount() {
      store = undefined
      // Not during a render of the view that owns `host`.
      queueMicrotask(() => root.unmount())
    },
  }
}

/** When the view in `host`, if `hasView()`, has nothing left to mount. */
function untilMounted(host: HTMLElement, signal: AbortSignal, hasView: () => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (signal.aborted) return reject(signal.reason)
      if (!hasView() || host.querySelector('.preview-scroll')?.getAttribute('data-render-state') !== 'rendering') return resolve(performance.now())
      requestAnimationFrame(check)
    }
    check()
  })
}

async function scrollToLine(host: HTMLElement, line: number, signal: AbortSignal): Promise<void> {
  const scroller = host.querySelector<HTMLElement>('.preview-scroll')
  const article = scroller?.querySelector('.markdown-body')
  if (!scroller || !article) return
  // Where scroll sync would put it. The window mounts the group within a
  // few frames; heights then change: place it again.
  for (let round = 0; round < 3; round++) {
    scroller.scrollTop = lineToY(previewGeometry(article), line) - scroller.clientHeight / 3
    for (let frame = 0; frame < 3; frame++) await nextFrame(signal)
  }
}

/**
 * A whole document's HAST as a view of one block per top-level node, with
 * its index as id: every update brings new nodes, so every block renders again.
 */
export function fullRenderView(sessionId: string, hast: Root, version: number): RenderView {
  const blocks = new Map<string, Root>()
  const order = []
  let index = 0
  for (const node of hast.children) {
    // The line endings between blocks show nothing.
    if (node.type === 'text' && node.value.trim() === '') continue
    const id = `b${index++}`
    blocks.set(id, {type: 'root', children: [node as RootContent]})
    order.push({id, lineOffset: 0})
  }
  return {...emptyRender(sessionId), blocks, order, version, requested: version}
}
