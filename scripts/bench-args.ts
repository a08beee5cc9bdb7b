/** Options of `npm run bench`, parsed and checked. */
import {parseArgs} from 'node:util'
import {parseSizes} from '../src/bench/bench-state.ts'
import {modes, profiles, scenarios, type BenchConfig, type ModeId} from '../src/bench/types.ts'

/** What `npm run bench` runs: the view's config, and where to put the results. */
export interface BenchArgs extends Omit<BenchConfig, 'pool'> {
  /** Block workers of the Offthread pool; `undefined`: the view's default for the machine. */
  pool: number | undefined
  /** Folder for the JSON. */
  out: string
  /** A build to serve instead of building. */
  dist: string | undefined
  help: boolean
}

/** Usage text. */
export const usage = `npm run bench -- [options]

  --sizes 10k,1m          generated document sizes (k, m; default 10k,1m)
  --profiles mixed        generated text: mixed, reply, reply-fn (a model's reply, with footnotes)
  --scenarios open,type,stream      (default; chat too: open,type,stream,chat)
  --modes offthread,worker,main,react-markdown,streamdown   (default: all five)
  --keystrokes 20         keystrokes in the typing burst
  --keystroke-ms 50       milliseconds between keystrokes
  --chunk 0               characters per streamed chunk (0: the document in 500 chunks)
  --rate 100              chunks per second
  --pool N                Offthread's block workers (default: cores - 2, at most 4)
  --chat                  run the chat scenario only (the same as --scenarios chat)
  --chat-rates 40,150,600 the model's rates, in characters per second
  --chat-replies 3        replies in each conversation (5 to 30 KB each)
  --chat-seconds 20       seconds each reply streams at most (0: whole replies)
  --out bench/results     where the JSON goes
  --dist DIR              serve this build instead of building`

const modeAliases: Record<string, ModeId> = {worker: 'worker-full', main: 'main-thread', rm: 'react-markdown', sd: 'streamdown'}

/** Parse `argv` (without node and the script). */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const {values} = parseArgs({
    args: [...argv],
    options: {
      sizes: {type: 'string', default: '10k,1m'},
      profiles: {type: 'string', default: 'mixed'},
      scenarios: {type: 'string', default: 'open,type,stream'},
      modes: {type: 'string', default: modes.map(({id}) => id).join(',')},
      keystrokes: {type: 'string', default: '20'},
      'keystroke-ms': {type: 'string', default: '50'},
      chunk: {type: 'string', default: '0'},
      rate: {type: 'string', default: '100'},
      pool: {type: 'string'},
      chat: {type: 'boolean', default: false},
      'chat-rates': {type: 'string', default: '40,150,600'},
      'chat-replies': {type: 'string', default: '3'},
      'chat-seconds': {type: 'string', default: '20'},
      out: {type: 'string', default: 'bench/results'},
      dist: {type: 'string'},
      help: {type: 'boolean', short: 'h', default: false},
    },
    strict: true,
  })
  return {
    documents: parseSizes(values.sizes),
    profiles: list(
      values.profiles,
      profiles.map(({id}) => id),
      {},
      'profile',
    ),
    scenarios: values.chat
      ? ['chat']
      : list(
          values.scenarios,
          scenarios.map(({id}) => id),
          {},
          'scenario',
        ),
    modes: list(
      values.modes,
      modes.map(({id}) => id),
      modeAliases,
      'mode',
    ),
    keystrokes: integer(values.keystrokes, 'keystrokes', 1),
    keystrokeMs: integer(values['keystroke-ms'], 'keystroke-ms', 1),
    chunkChars: integer(values.chunk, 'chunk', 0),
    chunksPerSecond: integer(values.rate, 'rate', 1),
    pool: values.pool === undefined ? undefined : integer(values.pool, 'pool', 0),
    chatRates: values['chat-rates'].split(',').map((rate) => integer(rate.trim(), 'chat-rates', 1)),
    chatReplies: integer(values['chat-replies'], 'chat-replies', 1),
    chatSeconds: integer(values['chat-seconds'], 'chat-seconds', 0),
    out: values.out,
    dist: values.dist,
    help: values.help,
  }
}

function list<T extends string>(input: string, known: readonly T[], aliases: Record<string, T>, what: string): T[] {
  const items = input
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  if (items.length === 0) throw new Error(`Expected at least one ${what}`)
  return items.map((item) => {
    const id = aliases[item] ?? item
    if (!known.includes(id as T)) throw new Error(`Expected a ${what} (${known.join(', ')}), not \`${item}\``)
    return id as T
  })
}

function integer(input: string, name: string, min: number): number {
  const value = Number(input)
  if (!Number.isInteger(value) || value < min) throw new Error(`Expected \`--${name}\` to be an integer of at least ${min}, not \`${input}\``)
  return value
}
