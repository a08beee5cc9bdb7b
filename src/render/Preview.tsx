/**
 * The rendered document. Its root carries `data-render-state` (`rendering`
 * until the worker is done and every block is mounted) and
 * `data-render-version`, so tests and the benchmark can wait for the latest
 * text.
 */
import {useAtomValue, useSetAtom} from 'jotai'
import {useLayoutEffect, useState, type MouseEvent, type Ref} from 'react'
import {documentListAtom, setRemoteImagesAtom} from '../state/documents.ts'
import {dismissError, renderStateAtom, renderViewAtom} from '../state/render.ts'
import {BlocksView} from './BlocksView.tsx'
import {revealEvent} from './group-window.tsx'
import {clobberPrefix} from '../../shared/display.ts'
import {NestingSlices, useLeavingNesting} from './leave-nesting.ts'
import {noteMounted, useGradual} from './mount-scheduler.ts'
import {RemoteImagesScope} from './remote-images.tsx'

/** Props of the preview. */
export interface PreviewProps {
  /** The scrolling element, for scroll sync. */
  scrollRef?: Ref<HTMLDivElement>
  /** A top-level block at document line `line` was clicked. */
  onLineClick?: (line: number) => void
}

/**
 * Blocks mounted at once, less than a screen of them: the first screen's
 * layout is the main cost of opening a long document, and the editor
 * renders in the same frames.
 */
const firstScreenBlocks = 8

/** The open document's preview, block by block. */
export function Preview({scrollRef, onLineClick}: PreviewProps) {
  const [slices] = useState(() => new Set<HTMLElement>())
  const latest = useAtomValue(renderViewAtom)
  const {view, generation} = useLeavingNesting(latest, slices)
  const workerState = useAtomValue(renderStateAtom)
  const setView = useSetAtom(renderViewAtom)
  // The switch of the document on screen: while one document leaves, its images keep its own.
  const shownId = view.sessionId
  const remoteImages = useAtomValue(documentListAtom).find((doc) => doc.id === shownId)?.remoteImages === true
  const setRemoteImages = useSetAtom(setRemoteImagesAtom)
  const revealed = useGradual(view.order.length, view.sessionId, {first: firstScreenBlocks})
  // Still rendering while the last document is taken apart, or blocks wait to mount.
  const state = workerState === 'idle' && (view.sessionId !== latest.sessionId || revealed < view.order.length) ? 'rendering' : workerState
  // Work that needs a quiet frame (the editor's switch) waits for the frame after each commit.
  useLayoutEffect(noteMounted)

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element
    const link = target.closest('a')
    if (link && handleFragmentLink(link, event)) return
    const line = lineOf(target)
    if (line !== undefined && !link && !target.closest('button, summary, input')) onLineClick?.(line)
  }

  return (
    <div className="preview-pane">
      {view.error !== undefined && (
        <div className="render-error" role="alert">
          <span>
            <strong>Rendering failed.</strong> {view.error}. The renderer was restarted; the preview shows the last good render.
          </span>
          <button type="button" className="render-error-close" aria-label="Dismiss" onClick={() => setView(dismissError)}>
            ×
          </button>
        </div>
      )}
      <RemoteImagesScope documentId={shownId} shown={remoteImages} onShownChange={(shown) => shownId && setRemoteImages({id: shownId, shown})}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click moves the editor's cursor, which the keyboard moves in the editor itself; the links inside have their own keys */}
        <div ref={scrollRef} className="preview-scroll" data-render-state={state} data-render-version={view.version} onClick={onClick}>
          <NestingSlices value={slices}>
            <BlocksView key={`${generation}:${view.sessionId}`} view={view} limit={revealed} empty={<p className="preview-empty">Nothing to preview yet.</p>} />
          </NestingSlices>
        </div>
      </RemoteImagesScope>
    </div>
  )
}

/**
 * Scroll to a `#fragment` inside the preview instead of navigating. As on
 * GitHub, `#foo` finds `id="user-content-foo"`.
 */
export function handleFragmentLink(link: HTMLAnchorElement, event: MouseEvent): boolean {
  const href = link.getAttribute('href')
  if (href === null || !href.startsWith('#')) return false
  event.preventDefault()
  let id = href.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // A malformed escape: look the id up as written.
  }
  if (id) revealFragment(link.closest('.markdown-body'), id)
  return true
}

/** Scroll the preview's article `root` to the element of fragment `id`, mounting it first if need be (the outline's too). */
export function revealFragment(root: Element | null, id: string, behavior: ScrollBehavior = 'smooth'): void {
  const find = () => root?.querySelector(`[id="${CSS.escape(clobberPrefix + id)}"]`) ?? root?.querySelector(`[id="${CSS.escape(id)}"]`)
  const near = find()
  if (near) {
    near.scrollIntoView({block: 'start', behavior})
    return
  }
  // In a long document, the target's group may not be mounted yet: the
  // window mounts it at once (src/render/group-window.tsx).
  root?.dispatchEvent(new CustomEvent(revealEvent, {detail: id}))
  // A smooth scroll to a group just mounted would pass by, and mount, every
  // group between. The groups mounted around the target then change the
  // heights above it (estimates become sizes): follow it until it stays put.
  const settle = (target: Element, frames: number, last: number) => {
    target.scrollIntoView({block: 'start', behavior: 'instant'})
    const top = target.getBoundingClientRect().top
    if (frames > 0 && top !== last) requestAnimationFrame(() => settle(target, frames - 1, top))
  }
  // Or it is in a block still mounting its slices (a long list or
  // paragraph, deep nesting: src/render/components.tsx), a frame at a time:
  // wait for it, `slicesWaitMs` at most.
  const until = performance.now() + slicesWaitMs
  const wait = () => {
    const target = find()
    if (target) settle(target, 20, Number.NaN)
    else if (performance.now() < until) requestAnimationFrame(wait)
  }
  wait()
}

/**
 * How long a `#fragment` link waits for its target to mount. A footnote
 * list mounts a few dozen notes a frame, after the blocks before it (1,000
 * notes take some forty frames); a wait of 60 frames once fell short on a
 * busy machine.
 */
const slicesWaitMs = 5_000

/** Document line of the top-level block that contains `element`. */
export function lineOf(element: Element): number | undefined {
  const top = element.closest('.block > [data-line-start]')
  const wrapper = top?.parentElement
  if (!top || !wrapper) return undefined
  return Number(top.getAttribute('data-line-start')) + Number(wrapper.getAttribute('data-line-offset') ?? 0)
}
