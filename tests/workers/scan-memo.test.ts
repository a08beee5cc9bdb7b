import {createHighlighterCore, type HighlighterCore, type RegexEngine} from '@shikijs/core'
import {createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor} from '@shikijs/engine-javascript'
import {describe, expect, it} from 'vitest'
import {generateReply} from '../../shared/gen-reply.ts'
import {getHighlighter, loadLanguage, resolveLanguage, shikiOptions, themes} from '../../workers/highlighter.ts'
import {languageLoaders} from '../../workers/lang-loaders.generated.ts'
import {cachedBytes, clearCaches} from '../../workers/plugins/lru.ts'
import {maxRememberedBytes, rememberedBytes, rememberingScans} from '../../workers/scan-memo.ts'

/** The fenced code of a model-like reply, in several languages. */
const fenced = /^```(\w+)\n([\s\S]*?)\n```$/gm
const blocks = [...generateReply(30_000, 7, {footnotes: false}).matchAll(fenced)].map(([, name, code]) => ({lang: resolveLanguage(name!)!, code: code!}))
const languages = [...new Set(blocks.map(({lang}) => lang))]

const engineOptions = {forgiving: true, regexConstructor: (source: string) => defaultJavaScriptRegexConstructor(source, {target: 'auto'})}

/** A highlighter of its own on `engine`, with the app's themes and the reply's languages. */
async function highlighterOn(engine: RegexEngine): Promise<HighlighterCore> {
  const shiki = await createHighlighterCore({
    themes: [import('@shikijs/themes/github-light-default'), import('@shikijs/themes/github-dark-default')],
    langs: [],
    engine,
  })
  for (const lang of languages) await shiki.loadLanguage(...(await languageLoaders[lang]!()).default)
  return shiki
}

/** `engine`, counting the searches its scanners make. */
function counting(engine: RegexEngine): {engine: RegexEngine; searches: () => number} {
  let searches = 0
  return {
    engine: {
      createString: engine.createString,
      createScanner(patterns) {
        const scanner = engine.createScanner(patterns)
        return {findNextMatchSync: (...args) => (searches++, scanner.findNextMatchSync(...args))}
      },
    },
    searches: () => searches,
  }
}

describe('searches remembered by line', () => {
  it('should highlight as Shiki does on its own engine, the first time, again, and after edits', async () => {
    expect(languages.length).toBeGreaterThanOrEqual(6)
    const reference = await highlighterOn(createJavaScriptRegexEngine(engineOptions))
    const app = await getHighlighter()
    for (const lang of languages) await loadLanguage(lang)
    // Edited: a line opened as a comment and a string, a line cut short, lines swapped.
    const edits = (code: string) => {
      const lines = code.split('\n')
      const middle = Math.floor(lines.length / 2)
      return [code, `/* "${code}`, lines.map((line, index) => (index === middle ? line.slice(0, 3) : line)).join('\n'), [...lines].reverse().join('\n')]
    }
    for (const {lang, code} of blocks) {
      for (const variant of [...edits(code), ...edits(code)]) {
        expect(app.codeToHast(variant, shikiOptions(lang)), lang).toEqual(reference.codeToHast(variant, shikiOptions(lang)))
      }
    }
  })

  it('should search each line once for both themes', async () => {
    const plain = counting(createJavaScriptRegexEngine(engineOptions))
    const remembering = counting(createJavaScriptRegexEngine(engineOptions))
    const withoutMemo = await highlighterOn(plain.engine)
    const withMemo = await highlighterOn(rememberingScans(remembering.engine))
    expect(Object.keys(themes)).toHaveLength(2)
    clearCaches()
    for (const {lang, code} of blocks) {
      withoutMemo.codeToHast(code, shikiOptions(lang))
      withMemo.codeToHast(code, shikiOptions(lang))
    }
    // The second theme's pass finds every search of the first one's.
    expect(remembering.searches()).toBeLessThanOrEqual(plain.searches() / 2)
    expect(remembering.searches()).toBeGreaterThan(0)
  })

  it('should hold no more than its budget, counted and emptied with the caches', async () => {
    const shiki = await getHighlighter()
    for (const lang of [...languages, 'json']) await loadLanguage(lang)
    clearCaches()
    expect(rememberedBytes()).toBe(0)
    shiki.codeToHast(blocks[0]!.code, shikiOptions(blocks[0]!.lang))
    expect(rememberedBytes()).toBeGreaterThan(0)
    expect(cachedBytes()).toBeGreaterThanOrEqual(rememberedBytes())
    // Distinct lines until the budget is reached: all are let go then.
    let dropped = false
    for (let batch = 0; batch < 40 && !dropped; batch++) {
      const lines = Array.from({length: 1000}, (_, line) => `  {"key${batch}_${line}": [${line}, "value ${batch * 1000 + line}", true, null]},`)
      const before = rememberedBytes()
      shiki.codeToHast(`[\n${lines.join('\n')}\n]`, shikiOptions('json'))
      dropped = rememberedBytes() < before
      expect(rememberedBytes()).toBeLessThanOrEqual(maxRememberedBytes)
    }
    expect(dropped).toBe(true)
    clearCaches()
    expect(rememberedBytes()).toBe(0)
  })
})
