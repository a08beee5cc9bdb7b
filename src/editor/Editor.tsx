/**
 * Monaco on the open document. Each document has its own model (by path),
 * so switching keeps undo history and view state; every edit goes to the store.
 */
import MonacoEditor, {type OnMount} from '@monaco-editor/react'
import {useAtomValue, useSetAtom, useStore} from 'jotai'
import type {editor as MonacoEditorApi} from 'monaco-editor/editor'
import {useEffect, useState} from 'react'
import {activeDocumentIdAtom, documentTextsAtom} from '../state/documents.ts'
import {editorAtom} from '../state/editor.ts'
import {scheduleAlone} from '../render/mount-scheduler.ts'
import {firstBlocksReady} from '../state/render.ts'
import {resolvedThemeAtom, settingsAtom} from '../state/settings.ts'
import {foldingFor, useDisposeDeletedModels, useEditsToStore, useModelMarkers, useModelSwitch} from './editor-effects.ts'
import {finalLineDigits, isFilling, prepareModel, wrapsLines} from './fill-model.ts'
import {monaco} from './monaco-env.ts'

/** Model path of document `id`. */
export function modelPath(id: string): string {
  return `file:///documents/${id}.md`
}

/**
 * From this length on, the editor shows a switched-to document a frame
 * after the switch, without waiting for the preview's first screen: the
 * main thread is idle while the worker scans a long document, whereas after
 * the first screen partial updates keep coming and Monaco's swap among them
 * makes long frames.
 */
const swapFirstFrom = 256 * 1024

/** Monaco's own: characters of a line it renders, the rest of a longer line left out. */
const defaultStopRenderingLineAfter = 10_000
/**
 * The same, in a document whose lines are not wrapped (one has over 10,000
 * characters, see `wrapsLines`): Monaco lays out and measures the lines it
 * renders, and an unwrapped line of 10,000 characters is one run of text
 * long enough to make a long frame. Past it, Monaco shows the size of the
 * rest of the line; the preview shows it.
 */
const unwrappedStopRenderingLineAfter = 2_000

/** The markdown editor. */
export default function Editor() {
  const store = useStore()
  const activeId = useAtomValue(activeDocumentIdAtom)
  const id = useShownDocumentId(activeId)
  const theme = useAtomValue(resolvedThemeAtom)
  const {fontSize} = useAtomValue(settingsAtom)
  const setEditor = useSetAtom(editorAtom)
  const [editor, setLocalEditor] = useState<Parameters<OnMount>[0]>()
  // Bumped when a long document's model is whole (see fill-model.ts).
  const [filled, setFilled] = useState(0)

  const onMount: OnMount = (instance) => {
    setLocalEditor(instance)
    setEditor(instance)
  }
  useEffect(() => () => setEditor(undefined), [setEditor])
  useModelMarkers(editor, id, filled)
  useDisposeDeletedModels()

  const prepare = (id: string) =>
    prepareModel(
      modelPath(id),
      store.get(documentTextsAtom)[id] ?? '',
      'markdown',
      () => setFilled((count) => count + 1),
      () => firstBlocksReady(store, id),
    )
  // A document being switched to gets its model now, in a task of its own,
  // not in the one that shows it: creating a long document's model is costly.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the model is prepared once per switch, from the store as it is then
  useEffect(() => {
    if (activeId !== undefined && store.get(documentTextsAtom)[activeId] !== undefined) prepare(activeId)
  }, [activeId])
  const path = id === undefined ? undefined : modelPath(id)
  // Here too, not only in an effect: the switch below needs the model, and
  // the wrapper's own effect would create a long one whole. Does nothing
  // once it exists.
  if (id !== undefined) prepare(id)
  const model = path ? monaco.editor.getModel(monaco.Uri.parse(path)) : null
  const options = {...optionsFor(model), fontSize}
  useModelSwitch(editor, model, options)
  // The wrapper applies its options again each time their object changes,
  // and Monaco recomputes all of them each time: it gets the first ones,
  // and useModelSwitch applies those that change.
  const [firstOptions] = useState(() => ({...fixedOptions, ...options}))
  useEditsToStore(editor)

  if (path === undefined) return null
  return (
    <MonacoEditor
      path={path}
      defaultLanguage="markdown"
      defaultValue={id === undefined ? '' : (store.get(documentTextsAtom)[id] ?? '')}
      theme={theme === 'dark' ? 'offthread-dark' : 'offthread-light'}
      loading={<div className="editor-loading">Loading editor…</div>}
      onMount={onMount}
      saveViewState={false}
      wrapperProps={{'data-filling': String(options.readOnly)}}
      options={firstOptions}
    />
  )
}

/** The editor's options that depend on the document's model. */
function optionsFor(model: MonacoEditorApi.ITextModel | null) {
  const wordWrap = wrapsLines(model) ? ('on' as const) : ('off' as const)
  return {
    readOnly: isFilling(model),
    lineNumbersMinChars: Math.max(4, finalLineDigits(model)),
    folding: foldingFor(model),
    wordWrap,
    stopRenderingLineAfter: wordWrap === 'on' ? defaultStopRenderingLineAfter : unwrappedStopRenderingLineAfter,
  }
}

/** The document the editor shows: the active one, once the preview has shown it (see useShownAfterFrame). */
function useShownDocumentId(activeId: string | undefined): string | undefined {
  const store = useStore()
  return useShownAfterFrame(
    activeId,
    (id) => id !== undefined && store.get(documentTextsAtom)[id] !== undefined,
    (id) =>
      id === undefined || (store.get(documentTextsAtom)[id]?.length ?? 0) >= swapFirstFrom ? Promise.resolve() : firstBlocksReady(store, id, firstScreenWaitMs),
  )
}

/** The editor's options that no document changes. */
const fixedOptions: MonacoEditorApi.IStandaloneEditorConstructionOptions = {
  readOnlyMessage: {value: 'This long document is still loading into the editor; a moment.'},
  minimap: {enabled: false},
  scrollBeyondLastLine: false,
  automaticLayout: true,
  padding: {top: 16, bottom: 16},
  renderLineHighlight: 'line',
  // Indentation guides cost an element per level per line, so deeply indented lines made long frames.
  guides: {indentation: false},
  wordBasedSuggestions: 'off',
  quickSuggestions: false,
  unicodeHighlight: {ambiguousCharacters: false},
  fontFamily: 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  scrollbar: {verticalScrollbarSize: 10, horizontalScrollbarSize: 10},
}

/**
 * The longest the editor waits for the first blocks of a document switched
 * to, and then for a quiet frame. Longer than the slowest inputs (deeply
 * nested lists) take to show a first screen, so Monaco's first render does
 * not land in the same frame as it.
 */
const firstScreenWaitMs = 1000

/**
 * `value`, once `ready(value)` has resolved and then a quiet frame has come
 * (see `scheduleAlone`), as long as `stillValid` holds for the value still
 * shown (a deleted document's editor goes at once, or it would be empty
 * for a frame).
 *
 * For the editor's switch of document, ready once the render has the new
 * document's first blocks (at most `firstScreenWaitMs`; at once for a long
 * one, see `swapFirstFrom`): Monaco's swap of model and view and its first
 * render of the new view (in the next animation frame, whose reads of the
 * DOM lay out whatever the page has changed) are each costly, and would
 * otherwise land in the frame of the switch's own work (the share link's
 * `hashchange`, React's commit) or of the preview's first screen.
 */
function useShownAfterFrame<T>(value: T, stillValid: (shown: T) => boolean, ready: (value: T) => Promise<void>): T {
  const [shown, setShown] = useState(value)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` is a new closure on each render; the value decides
  useEffect(() => {
    if (Object.is(shown, value)) return
    let cancel: (() => void) | undefined
    let cancelled = false
    void ready(value).then(() => {
      if (!cancelled) cancel = scheduleAlone(() => setShown(value), firstScreenWaitMs)
    })
    return () => {
      cancelled = true
      cancel?.()
    }
  }, [value, shown])
  return Object.is(shown, value) || !stillValid(shown) ? value : shown
}
