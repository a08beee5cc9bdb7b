// The vscode-textmate patch (patches/@shikijs+vscode-textmate+*.patch) builds
// a pattern's anchored forms with one replace each, and only when the
// tokenizer first asks for them, instead of a character at a time for every
// pattern as a grammar's rules are built. Highlighting is the same without
// it, so these tests check that it is applied and that it gives the sources
// the original code gives, on every pattern of the largest grammars.
import {createHighlighterCore} from '@shikijs/core'
import {createJavaScriptRegexEngine} from '@shikijs/engine-javascript'
import {expect, it} from 'vitest'

/** vscode-textmate's `RegExpSource`, as far as these tests read it. */
interface Source {
  source: string
  hasAnchor: boolean
  _anchorCache: unknown
  resolveAnchors(allowA: boolean, allowG: boolean): string
}

/** The original rewriting of `\z`, a character at a time. */
function originalSource(raw: string): string {
  let output = ''
  for (let pos = 0; pos < raw.length; pos++) {
    if (raw[pos] === '\\' && pos + 1 < raw.length) {
      output += raw[pos + 1] === 'z' ? '$(?!\\n)(?<!\\n)' : raw.slice(pos, pos + 2)
      pos++
    } else {
      output += raw[pos]
    }
  }
  return output
}

/** The original anchored form, a character at a time: a `\A` or `\G` not allowed becomes `\` and U+FFFF. */
function originalAnchors(source: string, allowA: boolean, allowG: boolean): string {
  let output = ''
  for (let pos = 0; pos < source.length; pos++) {
    output += source[pos]
    if (source[pos] === '\\' && pos + 1 < source.length) {
      const next = source[++pos]!
      output += (next === 'A' && !allowA) || (next === 'G' && !allowG) ? '\uFFFF' : next
    }
  }
  return output
}

/** Each pattern of the grammar for `lang`, once its rules are built, with the source it was made from. */
async function patterns(lang: 'cpp' | 'ruby' | 'php') {
  const shiki = await createHighlighterCore({
    themes: [import('@shikijs/themes/github-light-default')],
    langs: [import(`@shikijs/langs/${lang}`)],
    engine: createJavaScriptRegexEngine({forgiving: true}),
  })
  const grammar = shiki.getLanguage(lang) as unknown as {
    _grammar: object
    _includedGrammars: Record<string, object>
    getRule(id: number): Record<string, Source | undefined>
    tokenizeLine(line: string, state: null): unknown
  }
  grammar.tokenizeLine('', null)
  const found: Array<{raw: string; made: Source}> = []
  const seen = new Set<object>()
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return
    seen.add(node)
    if (Array.isArray(node)) {
      for (const item of node) walk(item)
      return
    }
    const desc = node as Record<string, unknown>
    if (typeof desc.id === 'number') {
      const rule = grammar.getRule(desc.id)
      for (const [key, field] of [
        ['match', '_match'],
        ['begin', '_begin'],
        ['end', '_end'],
        ['while', '_while'],
      ] as const) {
        if (typeof desc[key] === 'string' && rule[field]) found.push({raw: desc[key], made: rule[field]})
      }
    }
    for (const [key, value] of Object.entries(desc)) if (key !== '$vscodeTextmateLocation') walk(value)
  }
  walk(grammar._grammar)
  for (const included of Object.values(grammar._includedGrammars)) walk(included)
  return found
}

it('should build a pattern’s anchored forms only when the tokenizer asks for them (vscode-textmate patch)', async () => {
  const anchored = (await patterns('cpp')).filter(({made}) => made.hasAnchor)
  expect(anchored.length).toBeGreaterThan(100)
  // A rule's patterns are scanned only once the text reaches the rule.
  expect(anchored.filter(({made}) => made._anchorCache === null).length).toBeGreaterThan(anchored.length / 2)
})

it('should make the sources the original code makes, for every pattern of the largest grammars (vscode-textmate patch)', async () => {
  for (const lang of ['cpp', 'ruby', 'php'] as const) {
    const found = await patterns(lang)
    expect(found.length).toBeGreaterThan(500)
    for (const {raw, made} of found) {
      expect(made.source).toBe(originalSource(raw))
      for (const allowA of [false, true]) {
        for (const allowG of [false, true]) {
          expect(made.resolveAnchors(allowA, allowG)).toBe(originalAnchors(made.source, allowA, allowG))
        }
      }
    }
  }
})
