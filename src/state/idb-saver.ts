/**
 * Keep a set of IndexedDB keys in step with the store: after each change,
 * write the keys whose values changed (compared by identity) and delete the
 * keys that went, in one transaction. Flushed when the page is hidden or
 * unloaded. When storage refuses a save, `storageErrorAtom` says why, the
 * data stays in memory, and the next change writes every key again.
 */
import {promisifyRequest, type UseStore} from 'idb-keyval'
import type {Atom} from 'jotai'
import {storageErrorAtom, storageErrorReason} from './storage-status.ts'
import type {store as appStore} from './store.ts'

type Store = typeof appStore

/** What to save and when. */
export interface SaverOptions {
  database: () => UseStore
  /** Every key that should be stored now, with its value. */
  snapshot: () => ReadonlyMap<string, unknown>
  /** The atoms whose changes call for a save. */
  watch: ReadonlyArray<Atom<unknown>>
  /** `debounce`: after `delayMs` of quiet; `throttle`: at most every `delayMs` (a reply streams for long without a pause). */
  mode: 'debounce' | 'throttle'
  delayMs: number
  /** For the console, once: what is lost if saving keeps failing. */
  what: string
}

/** Start saving; returns a stop function that flushes first. */
export function startSaver(store: Store, options: SaverOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  // What storage holds, as far as this tab knows; emptied after a failure.
  let saved = options.snapshot()
  let attempts = 0
  let failing = false
  let reported = false

  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    const now = options.snapshot()
    const entries: [IDBValidKey, unknown][] = []
    for (const [key, value] of now) if (saved.get(key) !== value || !saved.has(key)) entries.push([key, value])
    const removed = [...saved.keys()].filter((key) => !now.has(key))
    saved = now
    if (entries.length === 0 && removed.length === 0) return
    const attempt = ++attempts
    write(options.database, entries, removed).then(
      () => {
        // Transactions commit in order, so only the latest attempt may clear
        // a failure, and only this saver's own.
        if (attempt !== attempts || !failing) return
        failing = false
        store.set(storageErrorAtom, undefined)
      },
      (error: unknown) => {
        // Nothing of this attempt is stored: forget what was saved.
        saved = new Map()
        failing = true
        store.set(storageErrorAtom, storageErrorReason(error))
        if (reported) return
        reported = true
        console.warn(`Offthread: could not save ${options.what} to IndexedDB; they will be lost on reload.`, error)
      },
    )
  }
  const schedule = () => {
    if (options.mode === 'throttle') {
      timer ??= setTimeout(flush, options.delayMs)
    } else {
      clearTimeout(timer)
      timer = setTimeout(flush, options.delayMs)
    }
  }
  const onHide = () => {
    if (timer !== undefined) flush()
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHide()
  }

  const stops = options.watch.map((anAtom) => store.sub(anAtom, schedule))
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
async function write(database: () => UseStore, entries: [IDBValidKey, unknown][], removed: IDBValidKey[]): Promise<void> {
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
