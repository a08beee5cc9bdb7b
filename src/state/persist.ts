/**
 * Documents and settings in IndexedDB (idb-keyval). Saving is debounced and
 * flushed when the page is hidden or unloaded, so nothing typed is lost.
 * Each text has its own key, so typing rewrites one document, not all. When
 * storage refuses a save, `storageErrorAtom` says why, the text stays in
 * memory, and the next change saves everything again.
 */
import {createStore as createIdbStore, getMany, type UseStore} from 'idb-keyval'
import {activeDocumentIdAtom, documentListAtom, documentTextsAtom, type DocumentMeta} from './documents.ts'
import {startSaver} from './idb-saver.ts'
import {parseSettings, settingsAtom} from './settings.ts'
import type {store as appStore} from './store.ts'

type Store = typeof appStore

const listKey = 'documents'
const activeKey = 'active'
const settingsKey = 'settings'
const textKey = (id: string) => `text:${id}`

/** Milliseconds of quiet before a save. */
export const saveDelay = 400

let idb: UseStore | undefined
const database = () => (idb ??= createIdbStore('offthread', 'state'))

/** What was stored, or `undefined` on a first visit. */
export interface Saved {
  list: DocumentMeta[]
  texts: Record<string, string>
  active: string | undefined
}

/** Read the saved documents and settings into `store`; returns whether any documents were saved. */
export async function loadSaved(store: Store): Promise<boolean> {
  const [list, active, settings] = await getMany([listKey, activeKey, settingsKey], database())
  store.set(settingsAtom, parseSettings(settings))
  const docs = parseList(list)
  if (docs.length === 0) return false
  const texts = await getMany<string | undefined>(
    docs.map((doc) => textKey(doc.id)),
    database(),
  )
  store.set(documentListAtom, docs)
  store.set(documentTextsAtom, Object.fromEntries(docs.map((doc, index) => [doc.id, texts[index] ?? ''])))
  store.set(activeDocumentIdAtom, docs.some((doc) => doc.id === active) ? (active as string) : docs[0]?.id)
  return true
}

/** Save whenever documents or settings change; returns a stop function. */
export function startSaving(store: Store): () => void {
  return startSaver(store, {
    database,
    snapshot: () => {
      const entries = new Map<string, unknown>(Object.entries(store.get(documentTextsAtom)).map(([id, text]) => [textKey(id), text]))
      entries.set(listKey, store.get(documentListAtom))
      entries.set(activeKey, store.get(activeDocumentIdAtom))
      entries.set(settingsKey, store.get(settingsAtom))
      return entries
    },
    watch: [documentTextsAtom, documentListAtom, activeDocumentIdAtom, settingsAtom],
    mode: 'debounce',
    delayMs: saveDelay,
    what: 'documents',
  })
}

/** Saved documents, skipping anything that is not a `{id, name}` pair. */
export function parseList(value: unknown): DocumentMeta[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const {id, name, remoteImages} = item as Record<string, unknown>
    if (typeof id !== 'string' || typeof name !== 'string') return []
    return [remoteImages === true ? {id, name, remoteImages} : {id, name}]
  })
}
