/**
 * Command-line arguments of `npm run render`. A new option is one entry in
 * `options` plus its field in `RenderArgs`; the usage text follows the table.
 */
import {parseArgs} from 'node:util'

interface OptionSpec {
  type: 'string' | 'boolean'
  short?: string
  /** Name of the value in the usage text, for string options. */
  value?: string
  description: string
}

const options = {
  out: {type: 'string', short: 'o', value: 'FILE', description: 'write the HTML to FILE instead of stdout'},
  fragment: {type: 'boolean', description: 'print only the rendered body HTML, no document around it'},
  stream: {type: 'string', value: 'N', description: 'feed FILE through one render session in N-character appends'},
  edits: {type: 'string', value: 'K', description: 'then apply K random one-character edits (prints the edited text’s HTML)'},
  seed: {type: 'string', value: 'S', description: 'seed of the random edits (default 1)'},
  stats: {type: 'boolean', description: 'print figures of the session run, and of a full render to compare, as one JSON line on stderr'},
  'no-diagrams': {type: 'boolean', description: 'leave mermaid diagrams as code (drawing them starts Chromium)'},
  help: {type: 'boolean', short: 'h', description: 'show this help'},
} as const satisfies Record<string, OptionSpec>

/** What one run of the CLI does. */
export interface RenderArgs {
  /** Path of the markdown file, or `-` for stdin. */
  input: string
  out: string | undefined
  fragment: boolean
  /** Characters per append, when streaming through a session. */
  stream: number | undefined
  /** Random one-character edits after the first render. */
  edits: number
  seed: number
  stats: boolean
  /** Draw mermaid diagrams (in headless Chromium). */
  diagrams: boolean
}

/** The outcome of parsing: run, print help, or report a usage error. */
export type ParsedArgs = {type: 'render'; args: RenderArgs} | {type: 'help'} | {type: 'usage-error'; message: string}

/** Parse `argv` (without `node` and the script) into what the CLI should do. */
export function parseRenderArgs(argv: string[]): ParsedArgs {
  let parsed: ReturnType<typeof parseArgs<{args: string[]; options: typeof options; allowPositionals: true; strict: true}>>
  try {
    parsed = parseArgs({args: argv, options, allowPositionals: true, strict: true})
  } catch (error) {
    // Node's messages go on with advice about `--`; the first sentence is the point.
    const message = error instanceof Error ? error.message.split(/\. (?=[A-Z])/)[0]! : String(error)
    return {type: 'usage-error', message}
  }
  const {values, positionals} = parsed
  if (values.help) return {type: 'help'}
  if (positionals.length === 0) return {type: 'usage-error', message: 'Expected a markdown FILE, or - for stdin'}
  if (positionals.length > 1) {
    return {type: 'usage-error', message: `Expected one FILE, not ${positionals.length}: ${positionals.join(' ')}`}
  }
  if (values.out === '') return {type: 'usage-error', message: 'Expected a file name after --out'}
  const stream = wholeNumber('stream', values.stream, 1)
  const edits = wholeNumber('edits', values.edits, 0)
  const seed = wholeNumber('seed', values.seed, 0)
  for (const value of [stream, edits, seed]) if (typeof value === 'object') return value
  return {
    type: 'render',
    args: {
      input: positionals[0]!,
      out: values.out,
      fragment: values.fragment ?? false,
      stream: stream as number | undefined,
      edits: (edits as number | undefined) ?? 0,
      seed: (seed as number | undefined) ?? 1,
      stats: values.stats ?? false,
      diagrams: !values['no-diagrams'],
    },
  }
}

function wholeNumber(name: string, value: string | undefined, min: number): number | undefined | {type: 'usage-error'; message: string} {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!/^\d+$/.test(value) || number < min) {
    return {type: 'usage-error', message: `Expected --${name} to be a whole number of at least ${min}, not \`${value}\``}
  }
  return number
}

/** Help text, printed for `--help` and after a usage error. */
export const usage = [
  'Usage: npm run render -- [options] FILE',
  '',
  'Render markdown FILE (or - for stdin) to a standalone HTML document that',
  'opens offline: KaTeX fonts and code colors are inlined. Mermaid diagrams',
  'are drawn in headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium).',
  '',
  'Options:',
  ...Object.entries(options).map(([name, spec]: [string, OptionSpec]) => {
    const flags = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.value ? ` ${spec.value}` : ''}`
    return `  ${flags.padEnd(18)}${spec.description}`
  }),
  '',
  'Exit status: 0 on success (content problems are only reported), 1 on bad',
  'input or a failed write, 2 on a usage error.',
].join('\n')
