/**
 * Documents and settings in IndexedDB (idb-keyval). Saving is debounced and
 * flushed when the page is hidden or unloaded, so nothing typed is lost.
 * Each text has its own key, so typing rewrites one document, not all. When
 * storage refuses a save, `storageErrorAtom` says why, the text stays in
 * memory, and the next change saves everything again.
 */
import {createStore as createIdbStore, getMany, promisifyRequest, type UseStore} from 'idb-keyval'
import {activeDocumentIdAtom, documentListAtom, documentTextsAtom, type DocumentMeta, type DocumentTexts} from './documents.ts'
import {parseSettings, settingsAtom} from './settings.ts'
import {storageErrorAtom, storageErrorReason} from './storage-status.ts'
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
  const texts = await getMany<string | undefined>(docs.map((doc) => textKey(doc.id)), database())
  store.set(documentListAtom, docs)
  store.set(documentTextsAtom, Object.fromEntries(docs.map((doc, index) => [doc.id, texts[index] ?? ''])))
  store.set(activeDocumentIdAtom, docs.some((doc) => doc.id === active) ? (active as string) : docs[0]?.id)
  return true
}

/** Save whenever documents or settings change; returns a stop function. */
export function startSaving(store: Store): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  // What storage holds, as far as this tab knows; `undefined` after a failure.
  let savedTexts: DocumentTexts = store.get(documentTextsAtom)
  let savedList: unknown = store.get(documentListAtom)
  let savedActive: unknown = store.get(activeDocumentIdAtom)
  let savedSettings: unknown = store.get(settingsAtom)
  let attempts = 0

  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    const texts = store.get(documentTextsAtom)
    const list = store.get(documentListAtom)
    const active = store.get(activeDocumentIdAtom)
    const settings = store.get(settingsAtom)
    const entries: [IDBValidKey, unknown][] = []
    for (const [id, text] of Object.entries(texts)) if (savedTexts[id] !== text) entries.push([textKey(id), text])
    if (list !== savedList) entries.push([listKey, list])
    if (active !== savedActive) entries.push([activeKey, active])
    if (settings !== savedSettings) entries.push([settingsKey, settings])
    const removed = Object.keys(savedTexts).filter((id) => !(id in texts)).map(textKey)
    savedTexts = texts
    savedList = list
    savedActive = active
    savedSettings = settings
    if (entries.length === 0 && removed.length === 0) return
    const attempt = ++attempts
    write(entries, removed).then(
      () => {
        // Transactions commit in order, so only the latest attempt may clear a failure.
        if (attempt === attempts) store.set(storageErrorAtom, undefined)
      },
      (error: unknown) => {
        // Nothing of this attempt is stored: forget what was saved, so the
        // next change writes every document, the list and the settings again.
        savedTexts = {}
        savedList = savedActive = savedSettings = undefined
        store.set(storageErrorAtom, storageErrorReason(error))
        reportOnce(error)
      },
    )
  }
  const schedule = () => {
    clearTimeout(timer)
    timer = setTimeout(flush, saveDelay)
  }
  const onHide = () => {
    if (timer !== undefined) flush()
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHide()
  }

  const stops = [documentTextsAtom, documentListAtom, activeDocumentIdAtom, settingsAtom].map((anAtom) => store.sub(anAtom, schedule))
  addEventListener('pagehide', onHide)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    onHide()
    for (const stop of stops) stop()
    removeEventListener('pagehide', onHide)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}

/** Put `entries` and delete `removed` in one transaction, committed at once. */
async function write(entries: [IDBValidKey, unknown][], removed: IDBValidKey[]): Promise<void> {
  // `async`, so that an `indexedDB.open` that throws (storage disabled) rejects too.
  return database()('readwrite', (store) => {
    for (const [key, value] of entries) store.put(value, key)
    for (const key of removed) store.delete(key)
    // Chromium aborts a transaction that is still waiting to auto-commit when
    // the page unloads, which would lose the save made on `pagehide`.
    store.transaction.commit()
    return promisifyRequest(store.transaction)
  })
}

/** Saved documents, skipping anything that is not a `{id, name}` pair. */
export function parseList(value: unknown): DocumentMeta[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const {id, name} = item as Record<string, unknown>
    return typeof id === 'string' && typeof name === 'string' ? [{id, name}] : []
  })
}

let reported = false
function reportOnce(error: unknown): void {
  // Private windows and full disks refuse IndexedDB: the notice tells the
  // user each time; the console gets the details once.
  if (reported) return
  reported = true
  console.warn('Offthread: could not save to IndexedDB; changes will be lost on reload.', error)
}
