/**
 * Scroll sync both ways. The pane the user last pointed at, wheeled or
 * focused leads; scroll events of the other pane (ours) are ignored, so the
 * two never chase each other.
 */
import type {editor} from 'monaco-editor/editor'
import {useEffect, useRef} from 'react'
import {editorTopLine, previewGeometry, scrollEditorToLine} from './preview-geometry.ts'
import {lineToY, yToLine, type BlockGeometry} from './scroll-map.ts'

type Pane = 'editor' | 'preview'

const leadEvents = ['pointerenter', 'pointerdown', 'wheel', 'touchstart', 'focusin', 'keydown'] as const

/** Keep `instance` and `preview` scrolled to the same place; `version` changes when the preview re-renders. */
export function useScrollSync(instance: editor.ICodeEditor | undefined, preview: HTMLElement | null, version: number): void {
  const lead = useRef<Pane>('editor')
  // Cached per render only for its accessors: positions are read fresh on
  // every lookup. A long document's window mounts groups between renders
  // (src/render/group-window.tsx), which replaces the article's children.
  const geometry = useRef<{article: Element; watch: MutationObserver; resize: ResizeObserver; map?: BlockGeometry} | undefined>(undefined)
  // Blocks laid out as they come into view take their real heights, which
  // moves the preview under an editor that leads: follow it again then.
  const resized = useRef(() => {})
  const geometryOf = (article: Element): BlockGeometry => {
    let cached = geometry.current
    if (cached?.article !== article) {
      cached?.watch.disconnect()
      cached?.resize.disconnect()
      const watch = new MutationObserver(() => {
        if (geometry.current) geometry.current.map = undefined
      })
      watch.observe(article, {childList: true})
      const resize = new ResizeObserver(() => resized.current())
      resize.observe(article)
      cached = geometry.current = {article, watch, resize}
    }
    return (cached.map ??= previewGeometry(article))
  }
  const frame = useRef(0)
  const syncRef = useRef<(from: Pane) => void>(() => {})

  syncRef.current = (from) => {
    if (!instance || !preview) return
    const article = preview.querySelector('.markdown-body')
    if (!article) return
    const map = geometryOf(article)
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
      geometry.current?.watch.disconnect()
      geometry.current?.resize.disconnect()
      geometry.current = undefined
    }
  }, [instance, preview])

  // A new render moves blocks: measure again, and keep the preview where the editor is.
  useEffect(() => {
    if (geometry.current) geometry.current.map = undefined
    if (lead.current === 'editor' && instance && preview && instance.getScrollTop() > 0) {
      cancelAnimationFrame(frame.current)
      frame.current = requestAnimationFrame(() => syncRef.current('editor'))
    }
  }, [version, instance, preview])
}
