import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {getHighlighter, loadLanguage, resolveLanguage} from '../../workers/highlighter.ts'
import {languageAliases, languageLoaders} from '../../workers/lang-loaders.generated.ts'
import {markdownToHast} from '../../workers/pipeline.ts'

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
        const html = toHtml(shiki.codeToHast('x = 1 // a "b"', {lang: id, themes: {light: 'github-light', dark: 'github-dark'}}))
        if (!html.includes('class="shiki')) failures.push(id)
      } catch (error) {
        failures.push(`${id}: ${String(error)}`)
      }
    }
    expect(failures).toEqual([])
  }, 120_000)
})
