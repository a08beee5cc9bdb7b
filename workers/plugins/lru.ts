import {detached} from '../detached.ts'

const caches = new Set<{clear(): void; readonly bytes: number}>()

/**
 * A least-recently-used cache bounded by bytes. Render results (highlighted
 * code, typeset math) depend only on their source, and a block that is
 * rendered again (each append while it streams, or once more when it is
 * finished) mostly holds the same code and formulas as before. Each entry
 * comes with an estimate of its size, so a few huge entries cannot hold as
 * much memory as many small ones would.
 */
export function createLru<V>(maxBytes: number) {
  const entries = new Map<string, {value: V; bytes: number}>()
  let total = 0
  const cache = {
    get(key: string): V | undefined {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },
    /** Keep `value` under `key`, counted as `bytes` (an estimate); one larger than the whole budget is not kept. */
    set(key: string, value: V, bytes: number): void {
      cache.delete(key)
      if (bytes > maxBytes) return
      // A key cut from a longer text would keep all of that text, uncounted.
      entries.set(detached(key), {value, bytes})
      total += bytes
      for (const [oldest, entry] of entries) {
        if (total <= maxBytes) break
        entries.delete(oldest)
        total -= entry.bytes
      }
    },
    delete(key: string): void {
      const entry = entries.get(key)
      if (entry === undefined) return
      entries.delete(key)
      total -= entry.bytes
    },
    clear(): void {
      entries.clear()
      total = 0
    },
    /** The estimated bytes held. */
    get bytes(): number {
      return total
    },
    get size(): number {
      return entries.size
    },
  }
  registerCache(cache)
  return cache
}

/** Count a cache made elsewhere with those of `createLru`: `clearCaches` empties it, `cachedBytes` counts it. */
export function registerCache(cache: {clear(): void; readonly bytes: number}): void {
  caches.add(cache)
}

/**
 * Empty every cache made by `createLru` or registered. Benchmarks start each
 * measurement cold, so that no render profits from what an earlier one
 * typeset, highlighted or searched.
 */
export function clearCaches(): void {
  for (const cache of caches) cache.clear()
}

/** The estimated bytes held by every cache made by `createLru` or registered. */
export function cachedBytes(): number {
  let total = 0
  for (const cache of caches) total += cache.bytes
  return total
}
