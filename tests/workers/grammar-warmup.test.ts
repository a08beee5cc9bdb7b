import {createHighlighterCore} from '@shikijs/core'
import {createJavaScriptRegexEngine} from '@shikijs/engine-javascript'
import {describe, expect, it} from 'vitest'
import {patternSources} from '../../workers/grammar-warmup.ts'
import {compiledPatterns, getHighlighter, grammarsWarmedUp, loadLanguage, shikiOptions, warmGrammarsAhead} from '../../workers/highlighter.ts'
import {closeSession, renderSession} from '../../workers/session/session.ts'
import {createClient, fullHtml, tokenizedDuring} from './incremental/session-helpers.ts'

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
const python = `import asyncio
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Job:
    """A job in the queue."""
    id: str
    attempts: int = 0
    tags: list[str] = field(default_factory=list)


async def run(jobs: dict[str, Job], *, limit: int = 2) -> None:
    pattern = r"^job-[0-9a-f]+$"
    for key, job in jobs.items():
        if job.attempts > limit or not key:
            raise ValueError(f"{key!r} failed {job.attempts} times")
        await asyncio.sleep(0.1 * 2 ** job.attempts)
    print(b"done", 0x1F, 3.5e-2, lambda x: x @ x)
`

describe('grammars compiled ahead', () => {
  it('should compile, while a reply streams, the patterns and rules its code in a language then uses', async () => {
    const shiki = await getHighlighter()
    warmGrammarsAhead()
    // A document that does not stream: its grammar compiles as code uses it.
    await renderSession('document', '# Notes\n\n```ts\nlet x = 1\n```\n', 1)
    closeSession('document')
    await grammarsWarmedUp()
    let before = compiledPatterns()
    shiki.codeToHast(typescript, shikiOptions('typescript'))
    expect(compiledPatterns() - before).toBeGreaterThan(50)

    // A reply that streams (rendered healed) with a fence: its grammar compiles ahead.
    await renderSession('reply', 'Here is the queue:\n\n```python\nimport', 1, {heal: true})
    closeSession('reply')
    await grammarsWarmedUp()
    before = compiledPatterns()
    // vscode-textmate builds a grammar's rules on its first line: built ahead too.
    const grammar = shiki.getLanguage('python') as unknown as {_lastRuleId: number}
    const rules = grammar._lastRuleId
    expect(rules).toBeGreaterThan(100)
    shiki.codeToHast(python, shikiOptions('python'))
    // At most the end patterns that refer back to their start, completed as the code is read.
    expect(compiledPatterns() - before).toBeLessThanOrEqual(3)
    expect(grammar._lastRuleId).toBe(rules)
  })

  it("should show a streaming reply's code plain while its grammar compiles, then highlighted, and the final render as a full render", async () => {
    const reply = 'Run it:\n\n```go\npackage main\n\nfunc main() {\n\tfmt.Println("hi")\n'
    const client = createClient('go-reply')
    const first = await client.update(reply, {heal: true})
    // In its language, not highlighted.
    expect(first.html).toContain('<pre data-language="go"')
    expect(first.html).toContain('<code class="language-go">package main')
    expect(first.html).not.toContain('shiki')
    await grammarsWarmedUp()
    const next = await client.update(reply + '}\n', {heal: true})
    expect(next.html).toContain('class="shiki')
    const final = await client.update(reply + '}\n```\n')
    expect(final.html).toBe(await fullHtml(reply + '}\n```\n'))
    closeSession('go-reply')
  })

  it('should keep a closed block plain while its grammar compiles, with text after it, then highlight it, and end as a full render', async () => {
    const code = 'Build it:\n\n```rust\nfn main() {\n    let v: Vec<u8> = vec![1, 2];\n    println!("{v:?}");\n}\n```\n\n'
    const client = createClient('rust-reply')
    await client.update('Build it:\n\n```rust\nfn', {heal: true})
    // The block closes and the reply goes on before the grammar is ready:
    // the block is no longer the last, and still shows plain, in its language.
    const after = await client.update(code + 'Then run', {heal: true})
    expect(after.html).toContain('<code class="language-rust">fn main()')
    expect(after.html).not.toContain('shiki')
    await grammarsWarmedUp()
    const next = await client.update(code + 'Then run it.', {heal: true})
    expect(next.html).toContain('class="shiki')
    const final = await client.update(code + 'Then run it.\n')
    expect(final.html).toBe(await fullHtml(code + 'Then run it.\n'))
    closeSession('rust-reply')
  })

  it('should highlight ahead the code that streamed in plain, so that its first highlighted render tokenizes only what came after', async () => {
    const fields = Array.from({length: 40}, (_, index) => `  private final int field${index} = ${index} * 2; // a field`).join('\n')
    const reply = 'The class:\n\n```java\nclass Fields {\n' + fields + '\n'
    const client = createClient('java-reply')
    expect((await client.update(reply, {heal: true})).html).not.toContain('shiki')
    await grammarsWarmedUp()
    let next = {html: ''}
    const tokenized = await tokenizedDuring(async () => (next = await client.update(reply + '}\n', {heal: true})))
    expect(next.html).toContain('class="shiki')
    // The last field and the closing brace, not the lines before them.
    expect(tokenized).toBeLessThan(100)
    expect(fields.length).toBeGreaterThan(1_500)
    const final = await client.update(reply + '}\n```\n')
    expect(final.html).toBe(await fullHtml(reply + '}\n```\n'))
    closeSession('java-reply')
  })

  it('should compile nothing for a fence whose opening line is still streaming in, at every character of it', async () => {
    const shiki = await getHighlighter()
    warmGrammarsAhead()
    await grammarsWarmedUp()
    const reply = 'In TypeScript:\n\n```typescript\n'
    const client = createClient('partial-name')
    const before = compiledPatterns()
    // On the way, `typ` names Typst, a large grammar.
    for (let end = reply.indexOf('`'); end < reply.length; end++) {
      await client.update(reply.slice(0, end), {heal: true})
      await grammarsWarmedUp()
    }
    expect(compiledPatterns()).toBe(before)
    expect(shiki.getLoadedLanguages()).not.toContain('typst')
    // The line ended, the name is whole.
    await client.update(reply, {heal: true})
    await grammarsWarmedUp()
    expect(shiki.getLoadedLanguages()).toContain('typescript')
    expect(shiki.getLoadedLanguages()).not.toContain('typst')
    const final = await client.update(reply + '```\n')
    expect(final.html).toBe(await fullHtml(reply + '```\n'))
    closeSession('partial-name')
  })

  it('should highlight as patterns compiled on use do', async () => {
    await loadLanguage('typescript')
    await grammarsWarmedUp()
    const fresh = await createHighlighterCore({
      themes: [import('@shikijs/themes/github-light-default'), import('@shikijs/themes/github-dark-default')],
      langs: [import('@shikijs/langs/typescript')],
      engine: createJavaScriptRegexEngine({forgiving: true}),
    })
    const warmed = await getHighlighter()
    // The worker's options: no time limit per line, which a busy machine hit while the fresh
    // highlighter compiled its patterns on use, and which cut its tokens short.
    expect(warmed.codeToHtml(typescript, shikiOptions('typescript'))).toBe(fresh.codeToHtml(typescript, shikiOptions('typescript')))
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
