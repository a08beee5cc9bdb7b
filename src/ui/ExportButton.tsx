/** Export: download the document as standalone HTML (the CLI's output). */
import {useAtomValue, useStore} from 'jotai'
import {useState} from 'react'
import {activeDocumentAtom, markdownAtom} from '../state/documents.ts'
import {fileNoticeAtom} from '../state/files.ts'
import {DownloadIcon} from './icons.tsx'

/** The Export HTML button. */
export function ExportButton() {
  const store = useStore()
  const doc = useAtomValue(activeDocumentAtom)
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  const exportHtml = async () => {
    setState('busy')
    try {
      // Loaded on first use: KaTeX's raw CSS and the page template are only needed here.
      const {downloadHtml, markdownToDocument} = await import('../export/export-html.ts')
      downloadHtml(await markdownToDocument(store.get(markdownAtom)), doc?.name ?? 'document')
      setState('idle')
    } catch (error) {
      console.error('Offthread: export failed', error)
      setState('failed')
      // Why, as the preview says it: a document that nests too deeply, say.
      const reason = error instanceof Error ? error.message : String(error)
      store.set(fileNoticeAtom, {kind: 'error', text: `Export failed: ${reason}`})
    }
  }
  return (
    <button
      type="button"
      className="button"
      title={state === 'failed' ? 'Export failed; try again' : 'Download as a standalone HTML file'}
      disabled={state === 'busy'}
      onClick={() => void exportHtml()}
    >
      <DownloadIcon /> <span className="button-text">{state === 'busy' ? 'Exporting…' : state === 'failed' ? 'Export failed' : 'Export HTML'}</span>
    </button>
  )
}
