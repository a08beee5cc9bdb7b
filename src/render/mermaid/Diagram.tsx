/**
 * A closed ```` ```mermaid ```` fence: the diagram, drawn off the main thread
 * (draw-diagram.ts, loaded on first use), in the app's theme, with a toggle
 * to its source and a Copy button. Until the diagram is drawn, and when its
 * source has an error, the highlighted source shows in its place.
 */
import type {Element} from 'hast'
import {useAtomValue} from 'jotai'
import {useEffect, useLayoutEffect, useRef, useState, type ComponentProps} from 'react'
import {resolvedThemeAtom} from '../../state/settings.ts'
import {preText} from '../code-lines.tsx'
import {diagramFontFamily, type DrawnDiagram} from '../../../shared/diagrams.ts'

type Props = ComponentProps<'pre'> & {node?: unknown}

/** A mermaid code block shown as its diagram. */
export function Diagram({node, ...props}: Props) {
  const theme = useAtomValue(resolvedThemeAtom)
  const source = node ? preText(node as Element) : ''
  const [drawn, setDrawn] = useState<DrawnDiagram>()
  const [showSource, setShowSource] = useState(false)
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    const controller = new AbortController()
    import('./draw-diagram.ts')
      .then(({drawDiagram}) => drawDiagram({source, theme, fontFamily: diagramFontFamily}, controller.signal))
      .then(
        (result) => {
          if (!controller.signal.aborted) setDrawn(result)
        },
        (error: unknown) => {
          if (controller.signal.aborted || (error as {name?: unknown} | null)?.name === 'AbortError') return
          setDrawn({error: error instanceof Error ? error.message : String(error)})
        },
      )
    return () => controller.abort()
  }, [source, theme])
  const copy = () => {
    navigator.clipboard.writeText(source).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    )
    setTimeout(() => setCopied('idle'), 1500)
  }
  // A top-level block's line range belongs on the outermost element, for scroll sync.
  const {'data-line-start': lineStart, 'data-line-end': lineEnd, ...preProps} = props as Record<string, unknown>
  const svg = drawn && 'svg' in drawn && !showSource ? drawn.svg : undefined
  return (
    <div className="code-block diagram-block" data-line-start={lineStart as number | undefined} data-line-end={lineEnd as number | undefined}>
      <div className="code-toolbar" contentEditable={false}>
        <span className="code-language">mermaid</span>
        <span>
          {drawn && 'svg' in drawn && (
            <button type="button" className="code-copy diagram-toggle" aria-pressed={showSource} onClick={() => setShowSource((shown) => !shown)}>
              {showSource ? 'Diagram' : 'Source'}
            </button>
          )}
          <button type="button" className="code-copy" onClick={copy} aria-label="Copy diagram source">
            {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
          </button>
        </span>
      </div>
      {drawn && 'error' in drawn && (
        <div className="diagram-error" role="alert">
          {drawn.error}
        </div>
      )}
      {svg !== undefined ? <DiagramSvg svg={svg} /> : <pre {...(preProps as ComponentProps<'pre'>)} />}
    </div>
  )
}

/** The smallest a diagram is shown, against the size mermaid drew it; below that, it scrolls. */
const minScale = 0.6

/**
 * The sanitized SVG (diagram-frame.ts) in a shadow root: its style sheet,
 * scoped to it, restyles only the diagram rather than the whole page, and
 * its ids cannot meet the page's.
 */
function DiagramSvg({svg}: {svg: string}) {
  const host = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = host.current
    if (!element) return
    const root = element.shadowRoot ?? element.attachShadow({mode: 'open'})
    root.innerHTML = svg
    // Mermaid fits a diagram to the width; a wide one would shrink until its text is unreadable, so it scrolls instead.
    const drawing = root.querySelector('svg')
    const width = drawing?.viewBox.baseVal?.width
    if (drawing && width) drawing.style.minWidth = `${Math.round(width * minScale)}px`
  }, [svg])
  return <div className="diagram" role="img" aria-label="Mermaid diagram" ref={host} />
}
