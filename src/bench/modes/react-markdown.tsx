/**
 * react-markdown: the peer users would otherwise pick, with the same plugins
 * as far as it takes them: remark-gfm, the app's strict-dollar math,
 * rehype-raw, rehype-sanitize with the app's schema, rehype-katex with the
 * app's options, and Shiki through `@shikijs/rehype/core` with the app's
 * highlighter (its grammars loaded before the run, as a page bundles them).
 * What differs: react-markdown's own URL transform instead of the link rule,
 * no source lines, no code toolbar or heading anchors, no `content-visibility`.
 */
import rehypeShikiFromHighlighter from '@shikijs/rehype/core'
import Markdown from 'react-markdown'
import rehypeKatex from 'rehype-katex'
import rehypeRaw from 'rehype-raw'
import rehypeSanitize from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'
import type {PluggableList} from 'unified'
import {createTally, fenceLanguages, latestWins, type DriverOptions, type ModeDriver} from './driver.ts'

/** Start the react-markdown mode. */
export async function startReactMarkdown({stage, probe, warmUpText}: DriverOptions): Promise<ModeDriver> {
  const ReactMarkdownReply = await loadReactMarkdown(warmUpText)
  const show = (text: string) => stage.showElement(<ReactMarkdownReply text={text} />)
  show(warmUpText)
  stage.clear()

  const renderMs = createTally()
  const renderer = latestWins(async (text, version) => {
    const started = performance.now()
    show(text)
    const mainMs = performance.now() - started
    renderMs.add(mainMs)
    probe.shown({version, partial: false, mainMs, workerMs: null})
  }, probe.fail)

  return {
    update: (text) => renderer.update(text),
    takeStages: async () => null,
    takeRenderMs: renderMs.take,
    close: () => renderer.close(),
  }
}

/** react-markdown with the app's plugins, the grammars of `warmUpText` loaded: a component rendering `text`. */
export async function loadReactMarkdown(warmUpText: string): Promise<(props: {text: string}) => React.JSX.Element> {
  // The app's plugin settings, loaded on purpose on the main thread (see main-thread.ts).
  const [highlighting, {sanitizeSchema}, {default: remarkMathStrict}, {katexOptions}] = await Promise.all([
    import('../../../workers/highlighter.ts'),
    import('../../../workers/sanitize-schema.ts'),
    import('../../../workers/plugins/remark-math-strict.ts'),
    import('../../../workers/plugins/rehype-katex-cache.ts'),
  ])
  const highlighter = await highlighting.getHighlighter()
  const languages = fenceLanguages(warmUpText).flatMap((name) => highlighting.resolveLanguage(name) ?? [])
  await Promise.all(languages.map(highlighting.loadLanguage))

  const remarkPlugins: PluggableList = [remarkGfm, remarkMathStrict]
  const rehypePlugins: PluggableList = [
    rehypeRaw,
    [rehypeSanitize, sanitizeSchema],
    [rehypeKatex, katexOptions],
    [
      rehypeShikiFromHighlighter,
      highlighter,
      {
        themes: highlighting.themes,
        defaultColor: false,
        fallbackLanguage: 'text',
        tokenizeTimeLimit: 0,
        tokenizeMaxLineLength: highlighting.maxHighlightedLineLength,
      },
    ],
  ]
  const remarkRehypeOptions = {allowDangerousHtml: true, clobberPrefix: ''}
  return function ReactMarkdownReply({text}: {text: string}) {
    return (
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} remarkRehypeOptions={remarkRehypeOptions}>
        {text}
      </Markdown>
    )
  }
}
