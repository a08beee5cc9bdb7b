/** Options of `npm run bench`, parsed and checked. */
import {parseArgs} from 'node:util'
import {parseSizes} from '../src/bench/bench-state.ts'
import {modes, scenarios, type BenchConfig, type ModeId} from '../src/bench/types.ts'

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
  --scenarios open,type,stream      (default: all three)
  --modes offthread,worker,main,react-markdown   (default: all four)
  --keystrokes 20         keystrokes in the typing burst
  --keystroke-ms 50       milliseconds between keystrokes
  --chunk 0               characters per streamed chunk (0: the document in 500 chunks)
  --rate 100              chunks per second
  --pool N                Offthread's block workers (default: cores - 2, at most 4)
  --out bench/results     where the JSON goes
  --dist DIR              serve this build instead of building`

const modeAliases: Record<string, ModeId> = {worker: 'worker-full', main: 'main-thread', rm: 'react-markdown'}

/** Parse `argv` (without node and the script). */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const {values} = parseArgs({
    args: [...argv],
    options: {
      sizes: {type: 'string', default: '10k,1m'},
      scenarios: {type: 'string', default: scenarios.map(({id}) => id).join(',')},
      modes: {type: 'string', default: modes.map(({id}) => id).join(',')},
      keystrokes: {type: 'string', default: '20'},
      'keystroke-ms': {type: 'string', default: '50'},
      chunk: {type: 'string', default: '0'},
      rate: {type: 'string', default: '100'},
      pool: {type: 'string'},
      out: {type: 'string', default: 'bench/results'},
      dist: {type: 'string'},
      help: {type: 'boolean', short: 'h', default: false},
    },
    strict: true,
  })
  return {
    documents: parseSizes(values.sizes),
    scenarios: list(values.scenarios, scenarios.map(({id}) => id), {}, 'scenario'),
    modes: list(values.modes, modes.map(({id}) => id), modeAliases, 'mode'),
    keystrokes: integer(values.keystrokes, 'keystrokes', 1),
    keystrokeMs: integer(values['keystroke-ms'], 'keystroke-ms', 1),
    chunkChars: integer(values.chunk, 'chunk', 0),
    chunksPerSecond: integer(values.rate, 'rate', 1),
    pool: values.pool === undefined ? undefined : integer(values.pool, 'pool', 0),
    out: values.out,
    dist: values.dist,
    help: values.help,
  }
}

function list<T extends string>(input: string, known: readonly T[], aliases: Record<string, T>, what: string): T[] {
  const items = input.split(',').map((item) => item.trim()).filter(Boolean)
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
