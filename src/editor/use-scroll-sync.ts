/**
 * Scroll sync both ways. The pane the user last pointed at, wheeled or
 * focused leads; scroll events of the other pane (ours) are ignored, so the
 * two never chase each other.
 */
import type {editor} from 'monaco-editor/editor'
import {useEffect, useRef, useState} from 'react'
import {editorTopLine, previewGeometry, scrollEditorToLine} from './preview-geometry.ts'
import {lineToY, yToLine, type BlockGeometry} from './scroll-map.ts'

type Pane = 'editor' | 'preview'

const leadEvents = ['pointerenter', 'pointerdown', 'wheel', 'touchstart', 'focusin', 'keydown'] as const

/** Keep `instance` and `preview` scrolled to the same place; `version` changes when the preview re-renders. */
export function useScrollSync(instance: editor.ICodeEditor | undefined, preview: HTMLElement | null, version: number): void {
  const lead = useRef<Pane>('editor')
  // Blocks laid out as they come into view take their real heights, which
  // moves the preview under an editor that leads: follow it again then.
  const resized = useRef(() => {})
  const [geometry] = useState(() => createGeometryCache(() => resized.current()))
  const frame = useRef(0)
  const syncRef = useRef<(from: Pane) => void>(() => {})
  syncRef.current = (from) => {
    const article = preview?.querySelector('.markdown-body')
    if (instance && preview && article) syncPanes(instance, preview, geometry.of(article), from)
  }

  useEffect(() => {
    if (!instance || !preview) return
    const schedule = (from: Pane) => {
      if (lead.current !== from) return
      cancelAnimationFrame(frame.current)
      frame.current = requestAnimationFrame(() => syncRef.current(from))
    }
    const editorNode = instance.getContainerDomNode()
    const leadEditor = () => (lead.current = 'editor')
    const leadPreview = () => (lead.current = 'preview')
    for (const type of leadEvents) {
      editorNode.addEventListener(type, leadEditor, {passive: true})
      preview.addEventListener(type, leadPreview, {passive: true})
    }
    resized.current = () => schedule('editor')
    const onPreviewScroll = () => schedule('preview')
    preview.addEventListener('scroll', onPreviewScroll, {passive: true})
    const scrolled = instance.onDidScrollChange((event) => {
      if (event.scrollTopChanged) schedule('editor')
    })
    return () => {
      cancelAnimationFrame(frame.current)
      for (const type of leadEvents) {
        editorNode.removeEventListener(type, leadEditor)
        preview.removeEventListener(type, leadPreview)
      }
      preview.removeEventListener('scroll', onPreviewScroll)
      scrolled.dispose()
      resized.current = () => {}
      geometry.dispose()
    }
  }, [instance, preview, geometry])

  // A new render moves blocks: measure again, and keep the preview where the editor is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new render moves the blocks
  useEffect(() => {
    geometry.forget()
    if (lead.current === 'editor' && instance && preview && instance.getScrollTop() > 0) {
      cancelAnimationFrame(frame.current)
      frame.current = requestAnimationFrame(() => syncRef.current('editor'))
    }
  }, [version, instance, preview, geometry])
}

/** Scroll the pane that does not lead, `from`'s other, to where `from` is. */
function syncPanes(instance: editor.ICodeEditor, preview: HTMLElement, map: BlockGeometry, from: Pane): void {
  if (from === 'editor') {
    const max = instance.getScrollHeight() - instance.getLayoutInfo().height
    const atEnd = max > 0 && instance.getScrollTop() >= max - 1
    const y = atEnd ? preview.scrollHeight : lineToY(map, editorTopLine(instance))
    preview.scrollTop = instance.getScrollTop() <= 0 ? 0 : y
  } else {
    const max = preview.scrollHeight - preview.clientHeight
    if (preview.scrollTop <= 0) instance.setScrollTop(0)
    else if (max > 0 && preview.scrollTop >= max - 1) instance.setScrollTop(instance.getScrollHeight())
    else scrollEditorToLine(instance, yToLine(map, preview.scrollTop))
  }
}

/**
 * The preview article's block geometry, kept until its children change.
 * Cached only for its accessors: positions are read fresh on every lookup.
 * A long document's window mounts groups between renders
 * (src/render/group-window.tsx), which replaces the article's children.
 */
function createGeometryCache(onResize: () => void) {
  let cached: {article: Element; watch: MutationObserver; resize: ResizeObserver; map?: BlockGeometry} | undefined
  const dispose = () => {
    cached?.watch.disconnect()
    cached?.resize.disconnect()
    cached = undefined
  }
  return {
    of(article: Element): BlockGeometry {
      if (cached?.article !== article) {
        dispose()
        const watch = new MutationObserver(() => {
          if (cached) cached.map = undefined
        })
        watch.observe(article, {childList: true})
        const resize = new ResizeObserver(onResize)
        resize.observe(article)
        cached = {article, watch, resize}
      }
      return (cached.map ??= previewGeometry(article))
    },
    forget() {
      if (cached) cached.map = undefined
    },
    dispose,
  }
}
