/**
 * Markdown to HAST: the one pipeline that the worker, the CLI and the
 * benchmark's main-thread baseline all run.
 */
import type {Root} from 'hast'
import type {Root as MdastRoot} from 'mdast'
import rehypeKatex from 'rehype-katex'
import rehypeSanitize from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import {unified, type Plugin, type Processor} from 'unified'
import {VFile} from 'vfile'
import {loadedLanguages} from './highlighter.ts'
import rehypeFenceOpen from './plugins/rehype-fence-open.ts'
import rehypeFootnoteLinks from './plugins/rehype-footnote-links.ts'
import {katexOptions, mathLeftToTypeset, rehypeKatexCacheLookup, rehypeKatexCacheStore} from './plugins/rehype-katex-cache.ts'
import rehypeLinkRule from './plugins/rehype-link-rule.ts'
import rehypeRawWhenNeeded from './plugins/rehype-raw-when-needed.ts'
import rehypeMathBlocks from './plugins/rehype-math-blocks.ts'
import rehypeShiki from './plugins/rehype-shiki.ts'
import rehypeSourceLines from './plugins/rehype-source-lines.ts'
import remarkMathStrict from './plugins/remark-math-strict.ts'
import remarkLatexDelimiters from './plugins/remark-latex-delimiters.ts'
import remarkGemojiShortcodes from './plugins/remark-gemoji-shortcodes.ts'
import remarkFrontMatter from './plugins/remark-front-matter.ts'
import rehypeGithubAlerts from './plugins/rehype-github-alerts.ts'
import {sanitizeSchema} from './sanitize-schema.ts'
import {asNestingError} from '../shared/nesting.ts'
import type {RenderMessage} from '../shared/protocol.ts'
import type {RenderResult} from './types.ts'

type MarkdownProcessor = Processor<MdastRoot, MdastRoot, Root, Root, undefined>

/** Milliseconds spent in each stage of the pipeline, summed over runs. */
export interface StageTimes {
  /** remark-parse and the mdast plugins (GFM, math). */
  parse: number
  /** remark-rehype and rehype-raw. */
  toHast: number
  /** rehype-sanitize and the footnote links. */
  sanitize: number
  katex: number
  /** Shiki, waiting for grammars included. */
  shiki: number
  /** The link rule and the source lines. */
  other: number
}

// Off unless the benchmark asks: then each stage mark costs one check.
let stageTimes: StageTimes | undefined
const stageStarts = new WeakMap<VFile, number>()

/** Start (`true`) or stop timing the stages; returns the times summed since the last call. */
export function timeStages(on: boolean): StageTimes | undefined {
  const taken = stageTimes
  stageTimes = on ? {parse: 0, toHast: 0, sanitize: 0, katex: 0, shiki: 0, other: 0} : undefined
  return taken
}

/** A no-op plugin that adds the time since the previous mark to `stage`; one function per stage, as unified merges repeated plugins. */
function markStage(stage: keyof StageTimes) {
  return () => (_tree: unknown, file: VFile) => {
    const start = stageTimes && stageStarts.get(file)
    if (!stageTimes || start === undefined) return
    const now = performance.now()
    stageTimes[stage] += now - start
    stageStarts.set(file, now)
  }
}

/**
 * Math elements come only from `$` math, `\(` and `\[` math, ```` ```math ```` fences and raw
 * HTML whose class names `math-…`; footnote links only from `[^` calls and
 * raw HTML with `data-footnote-…` attributes. Without those, the math and
 * footnote plugins would walk the tree and change nothing, which is a good
 * part of the cost of rendering a short block.
 */
const mayHaveMath = (file: VFile) => {
  const source = String(file.value)
  return source.includes('$') || /math|\\[([]/i.test(source)
}
/** An alert's marker, `[!NOTE]` and the like. */
const mayHaveAlerts = (file: VFile) => String(file.value).includes('[!')
const mayHaveFootnotes = (file: VFile) => {
  const source = String(file.value)
  return source.includes('[^') || /footnote/i.test(source)
}
/** KaTeX runs only on formulas the cache did not have. */
const mathToTypeset = (file: VFile) => mayHaveMath(file) && mathLeftToTypeset(file)

/** `plugin`, whose transform runs only when `test` passes on the file (always with `always`). */
function onlyIf<Options extends unknown[]>(test: (file: VFile) => boolean, plugin: Plugin<Options, Root>, always = false): Plugin<Options, Root> {
  if (always) return plugin
  return function (this: Processor, ...options: Options) {
    const transform = plugin.apply(this, options)
    if (!transform) return
    // Two parameters: trough would wait for a callback if there were three.
    const run = transform as (tree: Root, file: VFile) => unknown
    return ((tree: Root, file: VFile) => (test(file) ? run(tree, file) : undefined)) as typeof transform
  }
}

/**
 * GFM finds bare links that its syntax extension missed (in text after other
 * constructs) with a transform that runs four regular expressions over every
 * text node. Each needs `http`, `www` or `@`, which a character reference
 * (`&#64;`) can also make; without any of those in the source, the transform
 * is skipped. In GFM this is the only transform of the mdast extensions.
 */
function remarkGfmTransformsWhenNeeded(this: Processor, options: {always: boolean}) {
  if (options.always) return
  const parser = this.parser
  if (!parser) throw new Error('remarkGfmTransformsWhenNeeded goes after remark-parse')
  // The source of the parse under way (parsing is synchronous).
  let source: string | undefined
  this.parser = (document, file) => {
    source = document
    try {
      return parser(document, file)
    } finally {
      source = undefined
    }
  }
  const extensions = (this.data('fromMarkdownExtensions') ?? []).flat()
  for (const extension of extensions) {
    extension.transforms = extension.transforms?.map((transform) => (tree) => {
      if (source !== undefined && !/www|http|@|&/i.test(source)) return
      return transform(tree)
    })
  }
}

/**
 * Build the unified processor: parse, GFM, math, sanitize, KaTeX, Shiki, link
 * rule. `everyPlugin` runs every plugin on every tree, for the test that
 * shows skipping the unneeded ones changes nothing.
 */
export function createProcessor(options: {everyPlugin?: boolean} = {}): MarkdownProcessor {
  const always = options.everyPlugin === true
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkGfmTransformsWhenNeeded, {always})
      .use(remarkMathStrict)
      .use(remarkLatexDelimiters)
      .use(remarkGemojiShortcodes)
      .use(remarkFrontMatter)
      .use(markStage('parse'))
      // Ids get their `user-content-` prefix from the sanitizer, once.
      .use(remarkRehype, {allowDangerousHtml: true, clobberPrefix: ''})
      .use(rehypeRawWhenNeeded, {always})
      .use(markStage('toHast'))
      .use(rehypeSanitize, sanitizeSchema)
      .use(onlyIf(mayHaveFootnotes, rehypeFootnoteLinks, always))
      .use(onlyIf(mayHaveAlerts, rehypeGithubAlerts, always))
      .use(markStage('sanitize'))
      .use(onlyIf(mayHaveMath, rehypeMathBlocks, always))
      .use(onlyIf(mayHaveMath, rehypeKatexCacheLookup, always))
      .use(onlyIf(mathToTypeset, rehypeKatex, always), katexOptions)
      .use(onlyIf(mathToTypeset, rehypeKatexCacheStore, always), katexOptions)
      .use(markStage('katex'))
      .use(rehypeShiki)
      .use(markStage('shiki'))
      .use(rehypeFenceOpen)
      .use(rehypeLinkRule)
      .use(rehypeSourceLines)
      .use(markStage('other')) as unknown as MarkdownProcessor
  )
}

let processor: MarkdownProcessor | undefined

/** Parse only (no rendering): the mdast of `markdown`. */
export function markdownToMdast(markdown: string): MdastRoot {
  processor ??= createProcessor()
  return processor.parse(markdown)
}

/**
 * Run the whole pipeline, keeping the mdast and the file with its messages.
 * `beforeRun` may change the mdast between the parse and the rest.
 */
export async function runPipeline(markdown: string, beforeRun?: (mdast: MdastRoot) => void): Promise<{mdast: MdastRoot; hast: Root; file: VFile}> {
  if (typeof markdown !== 'string') {
    throw new TypeError(`Expected \`markdown\` to be a string, not \`${typeof markdown}\``)
  }
  processor ??= createProcessor()
  const file = new VFile({value: markdown})
  if (stageTimes) stageStarts.set(file, performance.now())
  try {
    const mdast = processor.parse(file)
    beforeRun?.(mdast)
    // remark-rehype reads the mdast without changing it.
    const hast = await processor.run(mdast, file)
    return {mdast, hast, file}
  } catch (error) {
    // The parser and the tree walkers recurse once per level of nesting, and
    // the patched parser refuses nesting past its bounds (patches/).
    throw asNestingError(error) ?? error
  }
}

/** The content problems a run reported, flattened for the editor. */
export function fileToMessages(file: VFile): RenderMessage[] {
  return file.messages.map((message) => ({
    reason: message.cause instanceof Error ? `${message.reason}: ${message.cause.message}` : message.reason,
    line: message.line,
    column: message.column,
    ruleId: message.ruleId,
  }))
}

/** Render `markdown` to HAST with the content's problems as messages. */
export async function markdownToHast(markdown: string): Promise<RenderResult> {
  const started = performance.now()
  const before = new Set(await loadedLanguages())
  const {hast, file} = await runPipeline(markdown)
  const after = await loadedLanguages()
  return {
    hast,
    messages: fileToMessages(file),
    loadedLanguages: after.filter((id) => !before.has(id)),
    ms: performance.now() - started,
  }
}

/** Create the processor and highlighter ahead of the first render. */
export async function warmUp(): Promise<void> {
  await markdownToHast('# warm up\n\n```js\nlet x = 1\n```\n\n$x$')
}
