const caches = new Set<Map<string, unknown>>()

/**
 * A small least-recently-used cache. Render results (highlighted code,
 * typeset math) depend only on their source, and a block that is rendered
 * again (each append while it streams, or once more when it is finished)
 * mostly holds the same code and formulas as before.
 */
export function createLru<V>(capacity: number) {
  const entries = new Map<string, V>()
  caches.add(entries)
  return {
    get(key: string): V | undefined {
      const value = entries.get(key)
      if (value !== undefined) {
        entries.delete(key)
        entries.set(key, value)
      }
      return value
    },
    set(key: string, value: V): void {
      entries.delete(key)
      entries.set(key, value)
      if (entries.size > capacity) entries.delete(entries.keys().next().value!)
    },
  }
}

/**
 * Empty every cache made by `createLru`. Benchmarks start each measurement
 * cold, so that no render profits from what an earlier one typeset.
 */
export function clearCaches(): void {
  for (const entries of caches) entries.clear()
}
