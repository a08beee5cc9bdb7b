/**
 * What the markdown editor does beside showing its model: markers from the
 * render, models of deleted documents disposed, the switch of model, and
 * every edit sent to the store. Hooks of `Editor.tsx`, in the order it
 * calls them.
 */
import {useAtomValue, useStore} from 'jotai'
import type {editor as MonacoEditorApi} from 'monaco-editor/editor'
import {useEffect, useLayoutEffect} from 'react'
import {documentListAtom, setDocumentTextAtom} from '../state/documents.ts'
import {renderMessagesAtom} from '../state/render.ts'
import {finalLineCount, isFilling} from './fill-model.ts'
import {messagesToMarkers} from './markers.ts'
import {monaco} from './monaco-env.ts'

type EditorInstance = MonacoEditorApi.IStandaloneCodeEditor
type Model = MonacoEditorApi.ITextModel

/**
 * Past this many lines, Monaco's folding is off: after every change it
 * finds the folding ranges of every line, on the main thread.
 */
export const foldingMaxLines = 5_000

/** Whether folding is on for `model`, by the line count it will have. */
export function foldingFor(model: Parameters<typeof finalLineCount>[0]): boolean {
  return finalLineCount(model) <= foldingMaxLines
}

/** Each document's cursor, selections and scroll when the editor last left it, by model URI. */
const viewStates = new Map<string, MonacoEditorApi.ICodeEditorViewState | null>()

/** The document a model of `modelPath` belongs to. */
export function documentIdOf(model: {uri: {scheme: string; path: string}}): string | undefined {
  const match = model.uri.scheme === 'file' ? /^\/documents\/(.+)\.md$/.exec(model.uri.path) : null
  return match?.[1]
}

/** The render's messages as markers on the model of document `id`, once the render is of that document. */
export function useModelMarkers(editor: EditorInstance | undefined, id: string | undefined, filled: number): void {
  const {sessionId, messages} = useAtomValue(renderMessagesAtom)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the markers go on again once the model holds the whole text
  useEffect(() => {
    const model = editor?.getModel()
    if (!model || sessionId !== id) return
    const markers = messagesToMarkers(messages, model.getLineCount(), (line) => model.getLineMaxColumn(line))
    monaco.editor.setModelMarkers(model, 'offthread', markers)
  }, [editor, messages, sessionId, id, filled])
}

/** Deleted documents take their models (and undo history) with them. */
export function useDisposeDeletedModels(): void {
  const list = useAtomValue(documentListAtom)
  useEffect(() => {
    const live = new Set(list.map((doc) => doc.id))
    for (const model of monaco.editor.getModels()) {
      const id = documentIdOf(model)
      if (id === undefined || live.has(id)) continue
      viewStates.delete(model.uri.toString())
      model.dispose()
    }
  }, [list])
}

/**
 * The editor's switch to `model`, made here, not by the wrapper (whose
 * effect then finds the model in place): the options that change with the
 * document go in between the old model's detach and the new one's attach.
 * Set before the switch, they lay out the old model again in a frame of
 * its own; set after it (the wrapper's order), a new gutter width or
 * read-only state wraps again every line just wrapped. Every option that
 * changes after the editor is made (the font size too) is applied here.
 */
export function useModelSwitch(editor: EditorInstance | undefined, model: Model | null, options: MonacoEditorApi.IEditorOptions): void {
  const {readOnly, lineNumbersMinChars, folding, wordWrap, stopRenderingLineAfter, fontSize} = options
  useLayoutEffect(() => {
    if (!editor) return
    const options: MonacoEditorApi.IEditorOptions = {readOnly, lineNumbersMinChars, folding, wordWrap, stopRenderingLineAfter, fontSize}
    const current = editor.getModel()
    if (!model || current === model) {
      updateChangedOptions(editor, options)
      return
    }
    const focused = editor.hasTextFocus()
    if (current) viewStates.set(current.uri.toString(), editor.saveViewState())
    editor.setModel(null)
    updateChangedOptions(editor, options)
    editor.setModel(model)
    const state = viewStates.get(model.uri.toString())
    if (state) editor.restoreViewState(state)
    if (focused) editor.focus()
  }, [editor, model, readOnly, lineNumbersMinChars, folding, wordWrap, stopRenderingLineAfter, fontSize])
}

/** Give `editor` those of `options` it does not have yet: Monaco recomputes all of its options on each update. */
function updateChangedOptions(editor: EditorInstance, options: MonacoEditorApi.IEditorOptions): void {
  const raw = editor.getRawOptions() as Record<string, unknown>
  const changed = Object.entries(options).filter(([key, value]) => raw[key] !== value)
  if (changed.length > 0) editor.updateOptions(Object.fromEntries(changed))
}

/**
 * Every edit goes to the store. Not the wrapper's `onChange`: it reads the
 * whole text at every change, a fill's appends included (a megabyte each).
 */
export function useEditsToStore(editor: EditorInstance | undefined): void {
  const store = useStore()
  useEffect(() => {
    if (!editor) return
    const listener = editor.onDidChangeModelContent(() => {
      const model = editor.getModel()
      // The fill's appends: the store has the whole text already.
      if (!model || isFilling(model)) return
      const id = documentIdOf(model)
      if (id !== undefined) store.set(setDocumentTextAtom, {id, text: model.getValue()})
      // A document that grows past the line limit by editing, or shrinks below it.
      const folding = foldingFor(model)
      if (editor.getOption(monaco.editor.EditorOption.folding) !== folding) editor.updateOptions({folding})
    })
    return () => listener.dispose()
  }, [editor, store])
}
