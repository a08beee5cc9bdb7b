/**
 * Files on disk: which files open as documents (markdown or plain text,
 * UTF-8, up to `maxFileBytes`), the file each document was opened from
 * (where the browser can write back to it), and the message about the
 * last file that could not be opened or saved.
 */
import {atom} from 'jotai'

/** The largest file that opens: a few times the 1 MB sample, which the editor and preview handle smoothly. */
export const maxFileBytes = 5 * 1024 * 1024

/** Extensions of the files that open. */
export const textFileExtensions = ['.md', '.markdown', '.txt'] as const

/** MIME types of the files that open, for a file whose name has another extension. */
const textFileTypes = new Set(['text/markdown', 'text/x-markdown', 'text/plain'])

/**
 * A file handle the browser can write to (the File System Access API's),
 * as much of it as the app uses.
 */
export interface WritableFileHandle {
  readonly name: string
  getFile(): Promise<File>
  createWritable(): Promise<{write(data: string): Promise<void>; close(): Promise<void>}>
}

/** The file each document was opened from or last saved to, by document id; kept for this tab only. */
export const fileHandlesAtom = atom<ReadonlyMap<string, WritableFileHandle>>(new Map())

/** What the last file action has to tell the user: a refusal or a failure (`error`), or a save (`info`). */
export type FileNotice = {kind: 'error' | 'info'; text: string} | undefined

/** The message shown under the header about the last file action. */
export const fileNoticeAtom = atom<FileNotice>(undefined)

/** Why a file of this name, type and size does not open, or `undefined` if it may (its bytes are checked after). */
export function refuseFile({name, type, size}: {name: string; type: string; size: number}): string | undefined {
  const lower = name.toLowerCase()
  if (!textFileExtensions.some((extension) => lower.endsWith(extension)) && !textFileTypes.has(type)) {
    return `“${name}” is not a markdown or text file. Files ending in ${textFileExtensions.join(', ')} open.`
  }
  if (size > maxFileBytes) return `“${name}” is ${megabytes(size)}; files up to ${megabytes(maxFileBytes)} open.`
  return undefined
}

/**
 * The text of a file's `bytes`, or why it is not text: a NUL byte (no text
 * file has one, most binary files do) or bytes that are not UTF-8. A
 * byte-order mark is dropped and line endings become `\n`.
 */
export function decodeFileText(name: string, bytes: Uint8Array): {text: string} | {error: string} {
  if (bytes.includes(0)) return {error: `“${name}” looks like a binary file, not text.`}
  try {
    const text = new TextDecoder('utf-8', {fatal: true}).decode(bytes)
    return {text: text.replace(/\r\n?/g, '\n')}
  } catch {
    return {error: `“${name}” is not UTF-8 text.`}
  }
}

/** A document's name for file `name`: the name without its extension. */
export function documentNameOfFile(name: string): string {
  return name.replace(/\.(md|markdown|txt)$/i, '').trim() || name
}

/** `name` made safe as a file name. */
export function fileNameOf(name: string): string {
  return (
    name
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'document'
  )
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`
}
