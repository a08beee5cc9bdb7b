/**
 * Compile a grammar's patterns ahead, in small slices while the worker is
 * idle, once the grammar is loaded.
 *
 * Shiki's JavaScript engine translates each Oniguruma pattern and V8
 * compiles it on the pattern's first use, so the first code in a language
 * (and each construct that code uses for the first time) stalls the render
 * that meets it: whole seconds for the largest grammars. Compiled ahead, a
 * pattern costs the same but lands between renders, in steps, instead of
 * inside one.
 *
 * The engine caches compiled patterns by their source as the tokenizer asks
 * for them, so the sources here are made the way vscode-textmate makes them
 * (`RegExpSource`): `\z` rewritten, and each of the four forms of a pattern
 * with `\A` or `\G` (the anchors are allowed or not depending on where a
 * line is scanned from). End patterns that refer back to their start are
 * completed at tokenizing time and cannot be compiled ahead.
 */

/** A compiled pattern, or why it could not be (the engine skips it). */
export type Compiled = RegExp | Error

/** Where compiled patterns go, shared with the engine, and how they are made. */
export interface PatternStore {
  cache: Map<string, Compiled>
  construct: (source: string) => RegExp
}

/** Milliseconds of compiling per slice; a single step of one pattern may take longer. */
const sliceMs = 8

/** The pattern sources of `grammars` (a language module's default export), in every form the tokenizer may ask for. */
export function patternSources(grammars: readonly unknown[]): string[] {
  const sources = new Set<string>()
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item)
      return
    }
    if (node === null || typeof node !== 'object') return
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && (key === 'match' || key === 'begin' || key === 'end' || key === 'while')) {
        for (const source of forms(value)) sources.add(source)
      } else if (typeof value === 'object') {
        walk(value)
      }
    }
  }
  walk(grammars)
  return [...sources]
}

/** The sources vscode-textmate compiles for pattern `raw`. */
function forms(raw: string): string[] {
  const source = raw.replace(/\\(.)/gs, (pair, next: string) => (next === 'z' ? '$(?!\\n)(?<!\\n)' : pair))
  if (!/\\[AG]/.test(source.replace(/\\\\/g, ''))) return [source]
  const variants: string[] = []
  for (const allowA of [false, true]) {
    for (const allowG of [false, true]) {
      variants.push(source.replace(/\\(.)/gs, (pair, next: string) => ((next === 'A' && !allowA) || (next === 'G' && !allowG) ? '\\\uFFFF' : pair)))
    }
  }
  return variants
}

/**
 * Compile `source` into the store as the engine would, then run it twice so
 * that V8 compiles it to machine code too: a step each, as each can take
 * tens of milliseconds for the largest patterns.
 */
function* compileAhead(store: PatternStore, source: string): Generator<void, void> {
  if (store.cache.has(source)) return
  try {
    const regexp = store.construct(source)
    store.cache.set(source, regexp)
    for (let run = 0; run < 2; run++) {
      yield
      regexp.lastIndex = 0
      regexp.exec('a')
    }
  } catch (error) {
    store.cache.set(source, error instanceof Error ? error : new Error(String(error)))
  }
}

/** Compiles queued patterns in slices, each in a task of its own, so that renders go in between. */
export function createWarmer(store: PatternStore) {
  const batches: Array<{sources: string[]; next: number; steps?: Generator<void, void>; done: () => void}> = []
  let planned = false

  const slice = () => {
    planned = false
    const deadline = performance.now() + sliceMs
    while (batches.length > 0 && performance.now() < deadline) {
      const batch = batches[0]!
      batch.steps ??= batch.next < batch.sources.length ? compileAhead(store, batch.sources[batch.next++]!) : undefined
      if (!batch.steps) {
        batches.shift()
        batch.done()
      } else if (batch.steps.next().done) {
        batch.steps = undefined
      }
    }
    if (batches.length > 0) plan()
  }
  const plan = () => {
    if (planned) return
    planned = true
    setTimeout(slice)
  }

  return {
    /** Queue `grammars`' patterns; resolves once they are compiled. */
    add(grammars: readonly unknown[]): Promise<void> {
      const sources = patternSources(grammars).filter((source) => !store.cache.has(source))
      return new Promise((done) => {
        batches.push({sources, next: 0, done})
        plan()
      })
    },
  }
}
