/**
 * Opening and saving files: the File System Access API where the browser
 * has it (Chromium), so that Save writes back to the file a document was
 * opened from; elsewhere a file input and a download.
 */
import type {createStore} from 'jotai'
import {startTransition} from 'react'
import {activeDocumentAtom, createDocumentAtom, markdownAtom} from '../state/documents.ts'
import {
  decodeFileText,
  documentNameOfFile,
  fileHandlesAtom,
  fileNameOf,
  fileNoticeAtom,
  refuseFile,
  textFileExtensions,
  type WritableFileHandle,
} from '../state/files.ts'

type Store = ReturnType<typeof createStore>

/** What the pickers are asked to show. */
const pickerTypes = [{description: 'Markdown or text', accept: {'text/markdown': ['.md', '.markdown'], 'text/plain': ['.txt']}}]

/** The File System Access pickers, where the browser has them. */
interface FilePickers {
  showOpenFilePicker?: (options: object) => Promise<WritableFileHandle[]>
  showSaveFilePicker?: (options: object) => Promise<WritableFileHandle>
}
const pickers = (): FilePickers => window as unknown as FilePickers

/** What the file input accepts. */
export const acceptedFiles = [...textFileExtensions, 'text/markdown', 'text/plain'].join(',')

/**
 * Open `file` as a new document named after it, or say why not and change
 * nothing. `handle` is the file on disk, where the browser gave one: Save
 * then writes back to it.
 */
export async function openFile(store: Store, file: File, handle?: WritableFileHandle): Promise<void> {
  const refused = refuseFile(file)
  if (refused !== undefined) return store.set(fileNoticeAtom, {kind: 'error', text: refused})
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(await file.arrayBuffer())
  } catch (error) {
    return store.set(fileNoticeAtom, {kind: 'error', text: `“${file.name}” could not be read (${errorText(error)}).`})
  }
  const decoded = decodeFileText(file.name, bytes)
  if ('error' in decoded) return store.set(fileNoticeAtom, {kind: 'error', text: decoded.error})
  store.set(fileNoticeAtom, undefined)
  // A transition, as every switch of document is (src/state/documents.ts).
  startTransition(() => {
    const id = store.set(createDocumentAtom, {name: documentNameOfFile(file.name), text: decoded.text})
    if (handle) store.set(fileHandlesAtom, (handles) => new Map(handles).set(id, handle))
  })
}

/** Ask for a file and open it: the browser's open picker where it has one, else `input` (a hidden file input). */
export async function pickFile(store: Store, input: HTMLInputElement | null): Promise<void> {
  const {showOpenFilePicker} = pickers()
  if (!showOpenFilePicker) return input?.click()
  try {
    const [handle] = await showOpenFilePicker({types: pickerTypes, multiple: false})
    if (handle) await openFile(store, await handle.getFile(), handle)
  } catch (error) {
    if (!isAbort(error)) store.set(fileNoticeAtom, {kind: 'error', text: `The file could not be opened (${errorText(error)}).`})
  }
}

/** The first file of a drop, with its handle where the browser gives one; read in the drop event itself. */
export function droppedFile(data: DataTransfer): {file: File; handle: Promise<WritableFileHandle | undefined>} | undefined {
  const file = data.files[0]
  if (!file) return undefined
  const item = [...data.items].find((entry) => entry.kind === 'file') as (DataTransferItem & {getAsFileSystemHandle?: () => Promise<unknown>}) | undefined
  const handle = (item?.getAsFileSystemHandle?.() ?? Promise.resolve(undefined)).then(
    (found) => (isFileHandle(found) ? found : undefined),
    () => undefined,
  )
  return {file, handle}
}

/**
 * Save the open document: to the file it came from, or to a file the save
 * picker asks for, where the browser can write files; else as a download.
 */
export async function saveDocument(store: Store): Promise<void> {
  const doc = store.get(activeDocumentAtom)
  if (!doc) return
  const text = store.get(markdownAtom)
  let handle = store.get(fileHandlesAtom).get(doc.id)
  const {showSaveFilePicker} = pickers()
  if (!handle && !showSaveFilePicker) return downloadMarkdown(store)
  try {
    handle ??= await showSaveFilePicker!({suggestedName: `${fileNameOf(doc.name)}.md`, types: pickerTypes})
    const writable = await handle.createWritable()
    await writable.write(text)
    await writable.close()
    const saved = handle
    store.set(fileHandlesAtom, (handles) => new Map(handles).set(doc.id, saved))
    store.set(fileNoticeAtom, {kind: 'info', text: `Saved to “${saved.name}”.`})
  } catch (error) {
    if (!isAbort(error)) store.set(fileNoticeAtom, {kind: 'error', text: `The document could not be saved (${errorText(error)}). Download .md still works.`})
  }
}

/** Download the open document as `name.md`. */
export function downloadMarkdown(store: Store): void {
  const doc = store.get(activeDocumentAtom)
  if (!doc) return
  const url = URL.createObjectURL(new Blob([store.get(markdownAtom)], {type: 'text/markdown;charset=utf-8'}))
  const link = document.createElement('a')
  link.href = url
  link.download = `${fileNameOf(doc.name)}.md`
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

function isFileHandle(value: unknown): value is WritableFileHandle {
  return typeof value === 'object' && value !== null && (value as {kind?: unknown}).kind === 'file' && 'createWritable' in value
}

function isAbort(error: unknown): boolean {
  return (error as {name?: unknown} | null)?.name === 'AbortError'
}

function errorText(error: unknown): string {
  return error instanceof Error || error instanceof DOMException ? error.message || error.name : String(error)
}
