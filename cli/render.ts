/**
 * `npm run render -- FILE`: render markdown through the app's pipeline and
 * write a standalone HTML document (or with `--fragment`, only the body) to
 * stdout or `--out FILE`. This is also the app's "Export HTML", run in Node.
 *
 * `--stream N`, `--edits K` and `--stats` render through a render session
 * instead, as the app does, with the same output.
 *
 * Exit codes: 0 rendered (content problems are reported on stderr but do not
 * fail the run), 1 unreadable input, input that cannot be rendered (it nests
 * too deeply) or failed write, 2 usage error.
 */
import {writeFile} from 'node:fs/promises'
import type {Root} from 'hast'
import {parseRenderArgs, usage, type RenderArgs} from './args.ts'
import {formatMessage} from './format-message.ts'
import {readMarkdown, stdinName} from './input.ts'

async function main(argv: string[]): Promise<number> {
  const parsed = parseRenderArgs(argv)
  if (parsed.type === 'help') {
    await write(usage + '\n')
    return 0
  }
  if (parsed.type === 'usage-error') {
    process.stderr.write(`render: ${parsed.message}\n\n${usage}\n`)
    return 2
  }
  return render(parsed.args)
}

async function render(args: RenderArgs): Promise<number> {
  const input = await readMarkdown(args.input)
  if ('error' in input) {
    process.stderr.write(`render: ${input.error}\n`)
    return 1
  }
  const name = args.input === '-' ? stdinName : args.input
  let html: string
  try {
    html = await renderHtml(args, input.text, name)
  } catch (error) {
    // A document the pipeline refuses (it nests too deeply) is the input's
    // problem, said in one line, not a crash with a stack trace.
    if (!(error instanceof RangeError)) throw error
    process.stderr.write(`render: ${name}: ${error.message}\n`)
    return 1
  }
  if (args.out === undefined) {
    await write(html)
    return 0
  }
  try {
    await writeFile(args.out, html)
  } catch (error) {
    process.stderr.write(`render: ${args.out}: cannot write: ${error instanceof Error ? error.message : error}\n`)
    return 1
  }
  return 0
}

// The pipeline, the HTML writer and Chromium are loaded only once there is
// something to render: a usage error or an unreadable file answers at once.
async function renderHtml(args: RenderArgs, text: string, name: string): Promise<string> {
  const {hastToDocument, hastToFragment, titleOf} = await import('../shared/html-document.ts')
  let hast: Root
  if (args.stream !== undefined || args.edits > 0 || args.stats) {
    const {runSession} = await import('./session-run.ts')
    const run = await runSession(text, {stream: args.stream, edits: args.edits, seed: args.seed, compare: args.stats})
    hast = run.hast
    if (args.stats) process.stderr.write(JSON.stringify(run.stats) + '\n')
  } else {
    const {markdownToHast} = await import('../workers/pipeline.ts')
    const result = await markdownToHast(text)
    hast = result.hast
    for (const message of result.messages) process.stderr.write(formatMessage(name, message) + '\n')
  }
  if (args.diagrams) {
    const {drawDiagramsInChromium} = await import('./diagrams.ts')
    for (const {line, error} of await drawDiagramsInChromium(hast)) {
      process.stderr.write(formatMessage(name, {line, column: undefined, reason: `mermaid diagram left as code: ${error}`, ruleId: 'mermaid'}) + '\n')
    }
  }
  if (args.fragment) return hastToFragment(hast) + '\n'
  const [{katexCss}, {documentCss}] = await Promise.all([import('./katex-css.ts'), import('../shared/document-css.ts')])
  // KaTeX first: the document rules adjust some of its classes.
  return hastToDocument(hast, {title: titleOf(hast), css: `${await katexCss()}\n${documentCss}`})
}

function write(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error?: NodeJS.ErrnoException | null) => {
      // A reader that stops early (`| head`) closes the pipe: not a failure.
      if (error && error.code !== 'EPIPE') reject(error)
      else resolve()
    })
  })
}

// Without a listener, EPIPE is also thrown as an uncaught 'error' event.
process.stdout.on('error', () => {})

process.exitCode = await main(process.argv.slice(2))
