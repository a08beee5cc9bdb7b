/**
 * The Shiki highlighter: one instance per worker, grammars loaded on first use.
 */
import {createHighlighterCore, type HighlighterCore, type LanguageRegistration} from '@shikijs/core'
import {createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor} from '@shikijs/engine-javascript'
import {prefixAhead} from './code-prefixes.ts'
import {createWarmer, type Compiled} from './grammar-warmup.ts'
import {languageAliases, languageLoaders} from './lang-loaders.generated.ts'
import {rememberingScans} from './scan-memo.ts'

/** Themes in the output, as CSS variables `--shiki-light` and `--shiki-dark`. */
export const themes = {light: 'github-light-default', dark: 'github-dark-default'} as const

/**
 * Code blocks longer than this many characters are left plain: tokenizing
 * code that long takes seconds, and one pasted log must not stall the worker.
 */
export const maxHighlightedCodeLength = 100_000

/** Lines longer than this many characters are shown plain (minified code). */
export const maxHighlightedLineLength = 5_000

/** Shiki's options for `lang`, as this worker highlights. */
export function shikiOptions(lang: string) {
  return {
    lang,
    themes,
    defaultColor: false as const,
    // Shiki stops tokenizing a line after 500 ms by default, so a busy
    // machine would get different colours; the output must not depend on
    // timing. Very long lines are skipped instead, which is stable.
    tokenizeTimeLimit: 0,
    tokenizeMaxLineLength: maxHighlightedLineLength,
  }
}

let highlighter: Promise<HighlighterCore> | undefined
const loading = new Map<string, Promise<void>>()

/** The engine's compiled patterns, by source, and how it compiles them (as the engine does by default). */
const patterns = {
  cache: new Map<string, Compiled>(),
  construct: (source: string) => defaultJavaScriptRegexConstructor(source, {target: 'auto'}),
}
const warmer = createWarmer(patterns)
let warmingAhead = false
/** Each loaded language's grammars, its own last. */
const registrations = new Map<string, readonly LanguageRegistration[]>()
/** Languages whose grammars were queued for compiling ahead: done once each promise resolves. */
const queued = new Map<string, Promise<void>>()
/** Languages whose grammars are compiled ahead. */
const ready = new Set<string>()

/**
 * From now on, `warmFencedLanguages` compiles grammars ahead. For the render
 * worker, which stays up; the CLI and the block pool's workers compile on use.
 */
export function warmGrammarsAhead(): void {
  warmingAhead = true
}

/**
 * Compile ahead, while this worker is idle, the whole grammar of each
 * language `text` fences (see `grammar-warmup.ts`), build its rules, and
 * highlight the code shown plain meanwhile; only then is the language ready.
 * For text that streams in: its code comes a line at a time, each meeting
 * patterns not compiled yet.
 */
export function warmFencedLanguages(text: string): void {
  if (!warmingAhead || !mayFence(text)) return
  for (const [, name] of text.matchAll(fenceLanguage)) {
    const id = resolveLanguage(name!)
    if (id === undefined || queued.has(id)) continue
    // The language's own grammar first, then those it embeds.
    const compiled = loadLanguage(id).then(
      async () => {
        await warmer.add([...registrations.get(id)!].reverse())
        await buildRulesAhead(id)
        await highlightPlainAhead(id)
        ready.add(id)
      },
      () => void queued.delete(id),
    )
    queued.set(id, compiled)
  }
}

/**
 * Build the grammar's rules in a task of their own. vscode-textmate builds
 * every rule a grammar can reach (embedded grammars too) on its first line,
 * which for the largest grammars costs more than one append should.
 */
function buildRulesAhead(id: string): Promise<void> {
  return inTasks((shiki) => {
    shiki.getLanguage(id).tokenizeLine('', null)
    return true
  })
}

/** Per language: the code last shown plain while its grammar was compiled. */
const plainCode = new Map<string, string>()

/** Note that `code` (as Shiki is given it) shows plain while the grammar of `id` is compiled. */
export function notePlainCode(id: string, code: string): void {
  plainCode.set(id, code)
}

/**
 * Highlight ahead, a few lines per task, the complete lines of the code last
 * shown plain in `id`: code that streamed in while its grammar compiled is
 * then highlighted from where this stopped, not whole in one append.
 */
function highlightPlainAhead(id: string): Promise<void> {
  return inTasks((shiki) => {
    const source = plainCode.get(id) ?? ''
    // As rehype-shiki: code too long to highlight stays plain; the line ending after the code is not part of it.
    const code = source.length > maxHighlightedCodeLength ? '' : source.replace(/\n$/, '')
    const complete = code.slice(0, Math.max(0, code.lastIndexOf('\n')))
    const caughtUp = prefixAhead(shiki, complete, id, shikiOptions(id), performance.now() + sliceMs)
    if (caughtUp) plainCode.delete(id)
    return caughtUp
  })
}

/**
 * Run `step` in tasks of its own, each after what is queued, until it
 * returns true. A step that throws ends there: the grammar is then used as
 * it is, and whatever failed fails again where a render reports it.
 */
function inTasks(step: (shiki: HighlighterCore) => boolean): Promise<void> {
  return new Promise((done) => {
    const run = async () => {
      let finished: boolean
      try {
        finished = step(await getHighlighter())
      } catch {
        finished = true
      }
      if (finished) done()
      else setTimeout(run)
    }
    setTimeout(run)
  })
}

/** Milliseconds of highlighting ahead per task. */
const sliceMs = 8

/** Put before a fence's language: its code shows plain, by rehype-shiki. */
export const plainMark = '\uE002'

/**
 * `text` (the end of a reply that streams) with the fences in languages
 * whose grammars are being compiled ahead marked `plainMark`: their code
 * shows plain until the grammar is ready, rather than each line stalling
 * on the patterns it meets first. Once ready, the text is as it was and
 * the code renders highlighted.
 */
export function plainWhileCompiling(text: string): string {
  if (queued.size === ready.size || !mayFence(text)) return text
  return text.replace(fenceLanguage, (line, name: string) => {
    const id = resolveLanguage(name)
    return id !== undefined && queued.has(id) && !ready.has(id) ? line.slice(0, -name.length) + plainMark + name : line
  })
}

/** Resolves once the grammars queued so far are compiled ahead. */
export async function grammarsWarmedUp(): Promise<void> {
  await Promise.all(queued.values())
}

/** How many patterns are compiled (or failed to), ahead or on use. */
export function compiledPatterns(): number {
  return patterns.cache.size
}

/** The shared highlighter, created on first call with no grammar loaded. */
export function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import('@shikijs/themes/github-light-default'), import('@shikijs/themes/github-dark-default')],
    langs: [],
    // `forgiving`: a grammar pattern the JS engine cannot translate matches
    // nothing instead of throwing.
    engine: rememberingScans(createJavaScriptRegexEngine({forgiving: true, cache: patterns.cache, regexConstructor: patterns.construct})),
  })
  return highlighter
}

/** Language id for a fence's language (`js` → `javascript`), or `undefined`. */
export function resolveLanguage(name: string): string | undefined {
  const lower = name.toLowerCase()
  if (Object.hasOwn(languageLoaders, lower)) return lower
  return Object.hasOwn(languageAliases, lower) ? languageAliases[lower] : undefined
}

/** Load the grammar for `id` (and the grammars it embeds) once. */
export async function loadLanguage(id: string): Promise<void> {
  const loader = languageLoaders[id]
  if (!loader) throw new Error(`Expected a Shiki language id, not \`${id}\``)
  let pending = loading.get(id)
  if (!pending) {
    pending = Promise.all([getHighlighter(), loader()]).then(async ([shiki, mod]) => {
      await shiki.loadLanguage(mod.default)
      registrations.set(id, mod.default)
    })
    loading.set(id, pending)
    pending.catch(() => loading.delete(id))
  }
  return pending
}

/** Languages that have highlighted code in this worker (by id). */
const warm = new Set<string>()

/**
 * Note that `id` has highlighted code. Shiki's JavaScript engine compiles a
 * grammar's patterns on their first use: the first code in a language pays for
 * oniguruma-to-es translating the patterns, and later code costs a fraction
 * of that.
 */
export function markWarm(id: string): void {
  warm.add(id)
}

/** Whether code fenced as `language` would be the first this worker highlights in its grammar. */
export function isCold(language: string): boolean {
  const id = resolveLanguage(language)
  return id !== undefined && !warm.has(id)
}

/**
 * A fence's opening line, after any list or quote markers: its language is
 * the first word of the info string, once the line has ended (until then,
 * the name may still grow).
 */
const fenceLanguage = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+[ \t>]*)*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)(?=[^\n\r]*[\n\r])/gm
/** Whether `text` could hold a fence at all: a quick test before `fenceLanguage`. */
function mayFence(text: string): boolean {
  return text.includes('``') || text.includes('~~')
}

/** Whether `text` fences code in a language this worker has not highlighted yet (see `isCold`). */
export function fencesColdCode(text: string): boolean {
  if (!mayFence(text)) return false
  for (const [, language] of text.matchAll(fenceLanguage)) if (isCold(language!)) return true
  return false
}

/** Ids of the grammars loaded so far, embedded ones included. */
export async function loadedLanguages(): Promise<string[]> {
  return (await getHighlighter()).getLoadedLanguages()
}
