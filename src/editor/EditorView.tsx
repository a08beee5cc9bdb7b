/** The Editor view: Monaco beside the live preview, kept in scroll sync. */
import {useAtom, useAtomValue} from 'jotai'
import {lazy, Suspense, useState} from 'react'
import {Preview} from '../render/Preview.tsx'
import {editorAtom} from '../state/editor.ts'
import {outlineOpenAtom} from '../state/outline.ts'
import {renderViewAtom} from '../state/render.ts'
import {clampSplitRatio, previewFontSize, settingsAtom} from '../state/settings.ts'
import {useFileDrop} from '../ui/FileMenu.tsx'
import {Outline} from '../ui/Outline.tsx'
import {SplitView} from '../ui/SplitView.tsx'
import {useScrollSync} from './use-scroll-sync.ts'

// Monaco is most of the app's code: the header and preview need not wait for it.
const Editor = lazy(() => import('./Editor.tsx'))

/** Editor and preview side by side. */
export function EditorView() {
  const [settings, setSettings] = useAtom(settingsAtom)
  const instance = useAtomValue(editorAtom)
  const {version} = useAtomValue(renderViewAtom)
  const [preview, setPreview] = useState<HTMLDivElement | null>(null)
  useScrollSync(instance, preview, version)
  const outlineOpen = useAtomValue(outlineOpenAtom)
  const fileDrop = useFileDrop()

  const moveCursor = (line: number) => {
    if (!instance) return
    instance.setPosition({lineNumber: line, column: 1})
    instance.revealLineInCenterIfOutsideViewport(line)
    instance.focus()
  }

  return (
    <SplitView
      ratio={settings.splitRatio}
      onRatioChange={(ratio) => setSettings((prev) => ({...prev, splitRatio: clampSplitRatio(ratio)}))}
      first={
        <section className="editor-pane" aria-label="Markdown editor" style={{fontSize: settings.fontSize}} {...fileDrop}>
          <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
            <Editor />
          </Suspense>
        </section>
      }
      second={
        <section
          className="preview-section"
          aria-label="Preview"
          style={{'--preview-font-size': `${previewFontSize(settings)}px`} as React.CSSProperties}
          {...fileDrop}
        >
          <Preview scrollRef={setPreview} onLineClick={moveCursor} />
          {outlineOpen && <Outline preview={preview} />}
        </section>
      }
    />
  )
}
