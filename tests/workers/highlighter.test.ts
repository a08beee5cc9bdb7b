import type {Element} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {toString} from 'hast-util-to-string'
import {visit} from 'unist-util-visit'
import {describe, expect, it} from 'vitest'
import {getHighlighter, loadLanguage, resolveLanguage, shikiOptions, themes} from '../../workers/highlighter.ts'
import {languageAliases, languageLoaders} from '../../workers/lang-loaders.generated.ts'
import {markdownToHast} from '../../workers/pipeline.ts'
import {highlightCode} from '../../workers/plugins/rehype-shiki.ts'
import {givenToShiki} from './incremental/session-helpers.ts'

describe('lazy grammars', () => {
  it('should start with no grammar loaded', async () => {
    expect((await getHighlighter()).getLoadedLanguages()).toEqual([])
  })

  it('should load only the grammars a document uses', async () => {
    const first = await markdownToHast('# Title\n\n```py\nprint(1)\n```\n\nplain text, $x$, no code')
    expect(first.loadedLanguages).toContain('python')
    expect(first.loadedLanguages).not.toContain('javascript')

    const second = await markdownToHast('```go\nfunc main() {}\n```\n\n```python\nx = 1\n```')
    expect(second.loadedLanguages).toContain('go')
    // Already there: not loaded again.
    expect(second.loadedLanguages).not.toContain('python')

    const loaded = (await getHighlighter()).getLoadedLanguages()
    expect(loaded).not.toContain('rust')
    expect(loaded).not.toContain('javascript')
  })

  it('should load no grammar for a fence with no code yet, whose name may still be growing', async () => {
    // `typ`, on its way to `typescript`, names Typst, a large grammar.
    for (const markdown of ['Code:\n\n```typ', 'Code:\n\n```typ\n', 'Code:\n\n```typ\n\n```\n']) {
      const {hast, loadedLanguages} = await markdownToHast(markdown)
      expect(loadedLanguages, markdown).toEqual([])
      expect(toHtml(hast), markdown).toMatch(/<pre class="shiki [^>]*data-language="typ"[^>]*><code><span class="line"><\/span><\/code><\/pre>/)
    }
    expect((await getHighlighter()).getLoadedLanguages()).not.toContain('typst')
    // Its first line of code needs it.
    expect((await markdownToHast('```typ\n#set page(width: 10cm)\n```')).loadedLanguages).toContain('typst')
  })
})

describe('every language Shiki ships', () => {
  it('should have a loader for over 200 languages, generated from @shikijs/langs', async () => {
    const {languageNames} = await import('@shikijs/langs')
    expect(Object.keys(languageLoaders).sort()).toEqual([...languageNames].sort())
    expect(Object.keys(languageLoaders).length).toBeGreaterThan(200)
  })

  it('should resolve every alias to a language with a loader', () => {
    for (const [alias, id] of Object.entries(languageAliases)) {
      expect(resolveLanguage(alias), alias).toBe(id)
      expect(languageLoaders[id], id).toBeTypeOf('function')
    }
  })

  it('should highlight a snippet in every language with the JavaScript engine', async () => {
    const shiki = await getHighlighter()
    const failures: string[] = []
    for (const id of Object.keys(languageLoaders)) {
      try {
        await loadLanguage(id)
        const html = toHtml(shiki.codeToHast('x = 1 // a "b"', {lang: id, themes}))
        if (!html.includes('class="shiki')) failures.push(id)
        // Code with no line yet is made without a grammar: as this one makes it.
        const {properties, children} = (await highlightCode(id, '', false))!
        const {dataLanguage, ...made} = properties
        const pre = shiki.codeToHast('', shikiOptions(id)).children[0] as Element
        if (dataLanguage !== id || toHtml({...pre, properties: made, children}) !== toHtml(pre)) failures.push(`${id}: empty code`)
      } catch (error) {
        failures.push(`${id}: ${String(error)}`)
      }
    }
    expect(failures).toEqual([])
  }, 120_000)
})

describe('code that grows at its end', () => {
  // Multi-line constructs: the grammar's state carries from line to line.
  const samples: Array<[string, string]> = [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source to highlight
    ['ts', 'const a = `template\n  ${1 + 2}\n  still in it`\n/* block\n   comment */\nfunction f(x: number): string {\n  return "s" + x\n}\n'],
    ['python', 'def f():\n    """doc\n    string"""\n    return [i for i in range(3)]\n\nclass A:\n    pass\n'],
    ['html', '<div class="a">\n  <script>\n    let x = 1\n  </script>\n  <style>\n    p { color: red }\n  </style>\n</div>\n'],
    ['rust', 'fn main() {\n    let s = r#"raw\n    string"#;\n    /* nested /* comment */ still */\n    println!("{}", s);\n}\n'],
  ]

  it('should highlight every prefix as Shiki does the whole, continuing from the complete lines', async () => {
    const shiki = await getHighlighter()
    for (const [lang, code] of samples) {
      const id = resolveLanguage(lang)!
      await loadLanguage(id)
      // Every prefix, as a stream would send it, then a few edits that keep the start.
      const prefixes = Array.from({length: code.length}, (_, index) => code.slice(0, index + 1))
      prefixes.push(code.replace('\n', '\n// inserted line\n'), code.slice(0, code.length / 2), code)
      for (const prefix of prefixes) {
        const {hast} = await markdownToHast('```' + lang + '\n' + prefix + (prefix.endsWith('\n') ? '' : '\n') + '```\n')
        const rendered = hast.children.find((node) => node.type === 'element' && node.tagName === 'pre')!
        const whole = shiki.codeToHast(prefix.replace(/\n$/, ''), shikiOptions(id)).children[0]!
        const innerHtml = (node: typeof rendered) => toHtml((node as Element).children)
        expect(innerHtml(rendered), `${lang}: ${JSON.stringify(prefix)}`).toBe(innerHtml(whole))
      }
    }
  })

  it('should leave plain the line that a fence open at the end of the text is still writing', async () => {
    /** Each line of the first code block: whether Shiki coloured it, and its text. */
    const lines = async (markdown: string) => {
      const {hast} = await markdownToHast(markdown)
      let pre: Element | undefined
      visit(hast, 'element', (node) => {
        if (node.tagName === 'pre') pre ??= node
      })
      const code = pre!.children[0] as Element
      return code.children.flatMap((line) =>
        line.type === 'element' ? [{coloured: line.children.some((child) => child.type === 'element'), text: toString(line)}] : [],
      )
    }
    const start = {coloured: true, text: 'const a = 1'}
    expect(await lines('```ts\nconst a = 1\nconst b = "x')).toEqual([start, {coloured: false, text: 'const b = "x'}])
    expect(await lines('```ts\nconst a = 1\nconst b = "x\n')).toEqual([start, {coloured: true, text: 'const b = "x'}])
    expect(await lines('```ts\nconst a = 1\n```')).toEqual([start])
    expect(await lines('```ts\ncon')).toEqual([{coloured: false, text: 'con'}])
    expect(await lines('- item\n\n  > ```ts\n  > const a = 1\n  > const b')).toEqual([start, {coloured: false, text: 'const b'}])
    // Followed by anything, even in a list, the line is complete.
    expect(await lines('- ```ts\n  const a = 1\n  const b\n- next')).toEqual([start, {coloured: true, text: 'const b'}])
  })
})

describe('code edited in the middle', () => {
  // Lines whose grammar state carries on: a template literal, a block comment.
  const body = Array.from({length: 40}, (_, index) =>
    index % 10 === 3 ? `const t${index} = \`one\n  \${${index}}\n  two\`` : `let v${index} = f(${index}, "s") // note`,
  )
  const code = body.join('\n') + '\n'

  /** `code` edited at `at`: `remove` characters taken out, `insert` put in. */
  const edited = (text: string, at: number, remove: number, insert: string) => text.slice(0, at) + insert + text.slice(at + remove)

  it('should highlight every edit as Shiki does the whole, whatever it opens or closes', async () => {
    const shiki = await getHighlighter()
    await loadLanguage('typescript')
    const middle = code.indexOf('let v20')
    const steps = [
      edited(code, middle + 4, 0, 'x'),
      edited(code, middle + 4, 3, ''),
      edited(code, middle, 0, 'let inserted = 1\n'),
      // A comment opened here takes in every later line, until it is closed further on.
      edited(code, middle, 0, '/* '),
      edited(edited(code, middle, 0, '/* '), code.indexOf('let v30') + 3, 0, ' */'),
      edited(code, code.indexOf('one'), 0, '`'),
      edited(code, 2, 0, 'y'),
      edited(code, code.length - 4, 0, 'z'),
      code,
    ]
    for (const text of steps) {
      const {hast} = await markdownToHast('```ts\n' + text + '```\n')
      const rendered = hast.children.find((node) => node.type === 'element' && node.tagName === 'pre') as Element
      const whole = shiki.codeToHast(text.replace(/\n$/, ''), shikiOptions('typescript')).children[0] as Element
      expect(toHtml(rendered.children), JSON.stringify(text.slice(0, 60))).toBe(toHtml(whole.children))
    }
  })

  it('should tokenize a few lines around each one-character edit after the first, not the whole block', async () => {
    // A block highlighted whole has no marks to resume from: its first edit tokenizes it all, leaving them.
    const first = edited(code, code.indexOf('let v21') + 5, 0, 'q')
    await markdownToHast('```ts\n' + code + '```\n')
    await markdownToHast('```ts\n' + first + '```\n')
    const given = await givenToShiki(() => markdownToHast('```ts\n' + edited(first, first.indexOf('let v24') + 5, 0, 'r') + '```\n'))
    const tokenized = given.reduce((sum, text) => sum + text.length, 0)
    expect(tokenized).toBeGreaterThan(0)
    expect(tokenized).toBeLessThan(code.length / 5)
  })
})
