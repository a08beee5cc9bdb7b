/**
 * Monaco on the open document. Each document has its own model (by path),
 * so switching keeps undo history and view state; every edit goes to the store.
 */
import MonacoEditor, {type OnMount} from '@monaco-editor/react'
import {useAtomValue, useSetAtom, useStore} from 'jotai'
import {useEffect, useState} from 'react'
import {activeDocumentIdAtom, documentListAtom, markdownAtom} from '../state/documents.ts'
import {editorAtom} from '../state/editor.ts'
import {renderMessagesAtom} from '../state/render.ts'
import {resolvedThemeAtom, settingsAtom} from '../state/settings.ts'
import {finalLineDigits, isFilling, prepareModel} from './fill-model.ts'
import {messagesToMarkers} from './markers.ts'
import {monaco} from './monaco-env.ts'

/** Model path of document `id`. */
export function modelPath(id: string): string {
  return `file:///documents/${id}.md`
}

/** The markdown editor. */
export default function Editor() {
  const store = useStore()
  const id = useAtomValue(activeDocumentIdAtom)
  const theme = useAtomValue(resolvedThemeAtom)
  const {fontSize} = useAtomValue(settingsAtom)
  const {sessionId, messages} = useAtomValue(renderMessagesAtom)
  const list = useAtomValue(documentListAtom)
  const setEditor = useSetAtom(editorAtom)
  const [editor, setLocalEditor] = useState<Parameters<OnMount>[0]>()
  // Bumped when a long document's model is whole (see fill-model.ts).
  const [filled, setFilled] = useState(0)

  const onMount: OnMount = (instance) => {
    setLocalEditor(instance)
    setEditor(instance)
  }
  useEffect(() => () => setEditor(undefined), [setEditor])

  useEffect(() => {
    const model = editor?.getModel()
    if (!model || sessionId !== id) return
    const markers = messagesToMarkers(messages, model.getLineCount(), (line) => model.getLineMaxColumn(line))
    monaco.editor.setModelMarkers(model, 'offthread', markers)
  }, [editor, messages, sessionId, id, filled])

  // Deleted documents take their models (and undo history) with them.
  useEffect(() => {
    const live = new Set(list.map((doc) => modelPath(doc.id)))
    for (const model of monaco.editor.getModels()) {
      if (model.uri.scheme === 'file' && model.uri.path.startsWith('/documents/') && !live.has(model.uri.toString())) model.dispose()
    }
  }, [list])

  if (id === undefined) return null
  const path = modelPath(id)
  // Here, not in an effect: the editor's own effect (a child's, so run
  // first) would create the model whole. Does nothing once it exists.
  prepareModel(path, store.get(markdownAtom), 'markdown', () => setFilled((count) => count + 1))
  const model = monaco.editor.getModel(monaco.Uri.parse(path))
  const fillingNow = isFilling(model)
  return (
    <MonacoEditor
      path={path}
      defaultLanguage="markdown"
      defaultValue={store.get(markdownAtom)}
      theme={theme === 'dark' ? 'offthread-dark' : 'offthread-light'}
      loading={<div className="editor-loading">Loading editor…</div>}
      onMount={onMount}
      wrapperProps={{'data-filling': String(fillingNow)}}
      onChange={(value) => {
        // The fill's appends: the store has the whole text already.
        if (isFilling(model)) return
        store.set(markdownAtom, value ?? '')
      }}
      options={{
        fontSize,
        readOnly: fillingNow,
        readOnlyMessage: {value: 'This long document is still loading into the editor; a moment.'},
        wordWrap: 'on',
        minimap: {enabled: false},
        scrollBeyondLastLine: false,
        automaticLayout: true,
        padding: {top: 16, bottom: 16},
        lineNumbersMinChars: Math.max(4, finalLineDigits(model)),
        renderLineHighlight: 'line',
        wordBasedSuggestions: 'off',
        quickSuggestions: false,
        unicodeHighlight: {ambiguousCharacters: false},
        fontFamily: 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
        scrollbar: {verticalScrollbarSize: 10, horizontalScrollbarSize: 10},
      }}
    />
  )
}
