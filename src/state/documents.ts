/**
 * Documents: the list (ids and names), their texts, and which one is open.
 * Texts live apart from the list so typing does not re-render the menus.
 */
import {atom} from 'jotai'

/** A document as the list shows it; its text is in `documentTextsAtom`. */
export interface DocumentMeta {
  id: string
  name: string
  /** Images from other hosts load without a click (src/render/remote-images.tsx). */
  remoteImages?: boolean
}

/** Texts by document id. */
export type DocumentTexts = Readonly<Record<string, string>>

/** What a new document starts with. */
export interface NewDocument {
  name: string
  text: string
}

/** Every document, in the order the menu lists them. */
export const documentListAtom = atom<readonly DocumentMeta[]>([])

/** The text of every document, by id. */
export const documentTextsAtom = atom<DocumentTexts>({})

/**
 * Id of the open document. The app switches documents in a transition
 * (`startTransition`): React then renders the switch in slices, and a
 * click or a `hashchange` no longer does it all in one long event task.
 * The editor follows once the preview shows
 * the new document, a frame later (src/editor/Editor.tsx), so Monaco's swap
 * of model and view has a frame of its own.
 */
export const activeDocumentIdAtom = atom<string | undefined>(undefined)

/** The open document's name and id. */
export const activeDocumentAtom = atom((get) => {
  const id = get(activeDocumentIdAtom)
  return get(documentListAtom).find((doc) => doc.id === id)
})

/**
 * Set the text of document `id`, if it still exists. The editor writes its
 * edits here, to the document whose model changed: while a switch renders
 * (a transition), the store's open document is already the new one but the
 * editor still shows the old.
 */
export const setDocumentTextAtom = atom(null, (get, set, {id, text}: {id: string; text: string}) => {
  if (get(documentListAtom).some((doc) => doc.id === id)) set(documentTextsAtom, (texts) => setText(texts, id, text))
})

/** The open document's text; writing it edits that document. */
export const markdownAtom = atom(
  (get) => {
    const id = get(activeDocumentIdAtom)
    return id === undefined ? '' : (get(documentTextsAtom)[id] ?? '')
  },
  (get, set, text: string) => {
    const id = get(activeDocumentIdAtom)
    if (id !== undefined) set(setDocumentTextAtom, {id, text})
  },
)

/** Create a document, open it, and return its id. */
export const createDocumentAtom = atom(null, (get, set, doc: NewDocument): string => {
  const meta: DocumentMeta = {id: newId(), name: uniqueName(get(documentListAtom), doc.name)}
  set(documentListAtom, (list) => addDocument(list, meta))
  set(documentTextsAtom, (texts) => setText(texts, meta.id, doc.text))
  set(activeDocumentIdAtom, meta.id)
  return meta.id
})

/** Delete a document; opens a neighbour, or a new empty document if it was the last. */
export const deleteDocumentAtom = atom(null, (get, set, id: string) => {
  const list = get(documentListAtom)
  const next = neighbourOf(list, id)
  set(documentListAtom, removeDocument(list, id))
  set(documentTextsAtom, (texts) => removeText(texts, id))
  if (get(activeDocumentIdAtom) === id) {
    if (next) set(activeDocumentIdAtom, next)
    else set(createDocumentAtom, {name: 'Untitled', text: ''})
  }
})

/** Rename a document (blank names are ignored, names made unique). */
export const renameDocumentAtom = atom(null, (_get, set, {id, name}: {id: string; name: string}) => {
  set(documentListAtom, (list) => renameDocument(list, id, name))
})

/** Set whether document `id` shows images from other hosts. */
export const setRemoteImagesAtom = atom(null, (_get, set, {id, shown}: {id: string; shown: boolean}) => {
  set(documentListAtom, (list) => list.map((doc) => (doc.id === id ? {...doc, remoteImages: shown} : doc)))
})

/** `list` with `doc` appended. */
export function addDocument(list: readonly DocumentMeta[], doc: DocumentMeta): readonly DocumentMeta[] {
  return [...list, doc]
}

/** `list` without the document `id`. */
export function removeDocument(list: readonly DocumentMeta[], id: string): readonly DocumentMeta[] {
  return list.filter((doc) => doc.id !== id)
}

/** `list` with document `id` renamed; a blank name leaves it unchanged. */
export function renameDocument(list: readonly DocumentMeta[], id: string, name: string): readonly DocumentMeta[] {
  const trimmed = name.replace(/\s+/g, ' ').trim()
  const doc = list.find((item) => item.id === id)
  if (!doc || !trimmed || trimmed === doc.name) return list
  const others = list.filter((item) => item.id !== id)
  return list.map((item) => (item.id === id ? {...item, name: uniqueName(others, trimmed)} : item))
}

/** `texts` with the text of `id` set; the same object when nothing changes. */
export function setText(texts: DocumentTexts, id: string, text: string): DocumentTexts {
  return texts[id] === text ? texts : {...texts, [id]: text}
}

/** `texts` without `id`. */
export function removeText(texts: DocumentTexts, id: string): DocumentTexts {
  const {[id]: _removed, ...rest} = texts
  return rest
}

/** `name`, or `name 2`, `name 3`, … whichever no document in `list` has yet. */
export function uniqueName(list: readonly DocumentMeta[], name: string): string {
  const taken = new Set(list.map((doc) => doc.name))
  const base = name.replace(/\s+/g, ' ').trim() || 'Untitled'
  if (!taken.has(base)) return base
  let count = 2
  while (taken.has(`${base} ${count}`)) count++
  return `${base} ${count}`
}

/** The document to open after deleting `id`: the next one, else the previous one. */
export function neighbourOf(list: readonly DocumentMeta[], id: string): string | undefined {
  const index = list.findIndex((doc) => doc.id === id)
  if (index < 0) return list[0]?.id
  return (list[index + 1] ?? list[index - 1])?.id
}

/** A name for a document: its first heading, else `fallback`. */
export function nameFromMarkdown(text: string, fallback: string): string {
  const heading = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(text)?.[1]
  const name = heading?.replace(/[*_`~[\]]/g, '').trim()
  return name ? name.slice(0, 80) : fallback
}

function newId(): string {
  return crypto.randomUUID()
}
