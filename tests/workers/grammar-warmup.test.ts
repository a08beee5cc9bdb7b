import {createHighlighterCore} from '@shikijs/core'
import {createJavaScriptRegexEngine} from '@shikijs/engine-javascript'
import {describe, expect, it} from 'vitest'
import {patternSources} from '../../workers/grammar-warmup.ts'
import {compiledPatterns, getHighlighter, grammarsWarmedUp, loadLanguage, warmGrammarsAhead} from '../../workers/highlighter.ts'

// Code that meets many of a grammar's constructs, as a model's reply would.
const typescript = `import {EventEmitter} from 'node:events'

export interface Job<T = unknown> {
  readonly id: string
  payload: T
  runAt?: Date
}

export enum State { Pending = 'pending', Done = 'done' }

/** A queue. */
@sealed
export class Queue<T> extends EventEmitter {
  #jobs = new Map<string, Job<T>>()
  constructor(private readonly limit: number = 2) { super() }

  async add(payload: T, delayMs = 0): Promise<string> {
    const id = \`job-\${crypto.randomUUID()}\`
    const pattern = /^job-[0-9a-f]+$/i
    for (const [key, job] of this.#jobs) if (pattern.test(key) && job.runAt! < new Date()) this.emit('due', job)
    return id satisfies string
  }
}
`
const rust = `use std::collections::HashMap;

#[derive(Debug, Clone)]
pub struct Cache<'a, T> { entries: HashMap<&'a str, T>, hits: u64 }

impl<'a, T: Clone> Cache<'a, T> {
    pub fn get(&mut self, key: &str) -> Option<T> {
        let found = self.entries.get(key).cloned();
        if found.is_some() { self.hits += 1; }
        println!("{} hits", self.hits);
        found
    }
}
`

const options = {themes: {light: 'github-light', dark: 'github-dark'}, defaultColor: false} as const

describe('grammars compiled ahead', () => {
  it('should compile before the code comes the patterns that code in the language then uses', async () => {
    const shiki = await getHighlighter()
    // Compiled on use: the first code in a language compiles its patterns as they come.
    await loadLanguage('rust')
    let before = compiledPatterns()
    shiki.codeToHast(rust, {...options, lang: 'rust'})
    expect(compiledPatterns() - before).toBeGreaterThan(50)

    warmGrammarsAhead()
    await loadLanguage('typescript')
    await grammarsWarmedUp()
    before = compiledPatterns()
    shiki.codeToHast(typescript, {...options, lang: 'typescript'})
    // At most the end patterns that refer back to their start, completed as the code is read.
    expect(compiledPatterns() - before).toBeLessThanOrEqual(3)
  })

  it('should highlight as patterns compiled on use do', async () => {
    await loadLanguage('typescript')
    await grammarsWarmedUp()
    const fresh = await createHighlighterCore({
      themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
      langs: [import('@shikijs/langs/typescript')],
      engine: createJavaScriptRegexEngine({forgiving: true}),
    })
    const warmed = await getHighlighter()
    expect(warmed.codeToHtml(typescript, {...options, lang: 'typescript'})).toBe(fresh.codeToHtml(typescript, {...options, lang: 'typescript'}))
  })

  it('should make each pattern in the forms the tokenizer asks for', () => {
    const grammar = {patterns: [{match: 'a\\z'}, {begin: '\\Gx\\\\A', end: '(?=\\A)'}], repository: {r: {while: '^\\s'}}}
    expect(patternSources([grammar])).toEqual([
      'a$(?!\\n)(?<!\\n)',
      // `\\A` is an escaped backslash and an A, not an anchor.
      '\\\uFFFFx\\\\A',
      '\\Gx\\\\A',
      '(?=\\\uFFFF)',
      '(?=\\A)',
      '^\\s',
    ])
  })
})
