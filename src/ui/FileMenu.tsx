/** The File menu (open a file, save, download .md), Ctrl+S, files dropped on the editor or the preview, and the message about them. */
import {useAtom, useAtomValue, useStore} from 'jotai'
import {useEffect, useRef, useState, type DragEvent} from 'react'
import {fileNoticeAtom, maxFileBytes, textFileExtensions} from '../state/files.ts'
import {viewAtom} from '../state/settings.ts'
import {acceptedFiles, downloadMarkdown, droppedFile, openFile, pickFile, saveDocument} from './file-actions.ts'
import {DownloadIcon, FolderIcon, SaveIcon} from './icons.tsx'
import {Popover} from './Popover.tsx'

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)
const saveKeys = isMac ? '⌘S' : 'Ctrl+S'

/** The header's File menu; in the Editor view, Ctrl+S (⌘S) saves too. */
export function FileMenu() {
  const store = useStore()
  const view = useAtomValue(viewAtom)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (view !== 'editor') return
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(isMac ? event.metaKey : event.ctrlKey) || event.altKey || event.shiftKey) return
      // Not the browser's "save page".
      event.preventDefault()
      void saveDocument(store)
    }
    // Capture: before Monaco, which would otherwise see the key first.
    window.addEventListener('keydown', onKey, {capture: true})
    return () => window.removeEventListener('keydown', onKey, {capture: true})
  }, [view, store])

  return (
    <>
      <input
        ref={input}
        type="file"
        className="file-input"
        accept={acceptedFiles}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void openFile(store, file)
        }}
      />
      <Popover
        label={
          <>
            <FolderIcon /> <span className="button-text">File</span>
          </>
        }
        title="Open or save a file"
        className="file-menu"
        align="end"
      >
        {(close) => (
          <div className="menu">
            <button type="button" className="menu-command file-open" onClick={() => (close(), void pickFile(store, input.current))}>
              <FolderIcon /> Open file…
            </button>
            <button type="button" className="menu-command file-save" onClick={() => (close(), void saveDocument(store))}>
              <SaveIcon /> Save <kbd className="menu-keys">{saveKeys}</kbd>
            </button>
            <button type="button" className="menu-command file-download" onClick={() => (close(), downloadMarkdown(store))}>
              <DownloadIcon /> Download .md
            </button>
            <p className="menu-note">
              Opens {textFileExtensions.join(', ')} files up to {maxFileBytes / 1024 / 1024} MB.
            </p>
          </div>
        )}
      </Popover>
    </>
  )
}

/** Props that make an element take dropped files: the first opens as a new document. */
export function useFileDrop(): {onDragOverCapture: (event: DragEvent) => void; onDropCapture: (event: DragEvent) => void; 'data-dragging'?: boolean} {
  const store = useStore()
  const [dragging, setDragging] = useState(false)
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')
  useEffect(() => {
    if (!dragging) return
    // A drag that leaves the page, not one that moves between its elements.
    const stop = (event: DragEvent | globalThis.DragEvent) => event.relatedTarget === null && setDragging(false)
    window.addEventListener('dragend', stop)
    window.addEventListener('dragleave', stop)
    return () => {
      window.removeEventListener('dragend', stop)
      window.removeEventListener('dragleave', stop)
    }
  }, [dragging])
  return {
    onDragOverCapture: (event) => {
      if (!hasFiles(event)) return
      // Files are the app's to open, not Monaco's to insert as text.
      event.preventDefault()
      event.stopPropagation()
      event.dataTransfer.dropEffect = 'copy'
      setDragging(true)
    },
    onDropCapture: (event) => {
      if (!hasFiles(event)) return
      event.preventDefault()
      event.stopPropagation()
      setDragging(false)
      const dropped = droppedFile(event.dataTransfer)
      if (dropped) void dropped.handle.then((handle) => openFile(store, dropped.file, handle))
    },
    'data-dragging': dragging || undefined,
  }
}

/** The message about the last file action; a save's goes away by itself. */
export function FileNotice() {
  const [notice, setNotice] = useAtom(fileNoticeAtom)
  useEffect(() => {
    if (notice?.kind !== 'info') return
    const timer = setTimeout(() => setNotice((current) => (current === notice ? undefined : current)), 3000)
    return () => clearTimeout(timer)
  }, [notice, setNotice])
  if (!notice) return null
  return (
    <div className={`render-error file-notice file-notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span>{notice.text}</span>
      <button type="button" className="render-error-close" aria-label="Dismiss" onClick={() => setNotice(undefined)}>
        ×
      </button>
    </div>
  )
}
