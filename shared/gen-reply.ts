/**
 * Generated text shaped like a model's reply in a chat: long paragraphs
 * (300 to 800 characters) that carry inline math, inline code, links and
 * bare URLs; lists; tables; code blocks of 1 to 3 KB in many languages; and,
 * if asked, footnotes cited in the prose and defined at the end. Seeded and
 * deterministic, like `generateMarkdown`, whose PRNG it shares. Used by the
 * benchmark's "reply" profile, its chat scenario and `npm run bench:node`.
 */
import {random} from './gen-samples.ts'

/** Options of a generated reply. */
export interface ReplyOptions {
  /** Cite footnotes in the prose and define them at the end. */
  footnotes: boolean
}

const words = (
  'the request reaches a worker which parses each block and returns the tree so that the main thread only ' +
  'paints what changed while the user keeps typing because latency matters more than throughput for this ' +
  'kind of interface when a model streams its answer token by token into a growing document with code ' +
  'tables and formulas we measure every frame and keep the budget under sixteen milliseconds'
).split(' ')

const formulas = [
  'O(n \\log n)',
  'e^{i\\pi} + 1 = 0',
  '\\sqrt{a^2 + b^2}',
  '\\alpha_i = \\frac{x_i}{\\sum_j x_j}',
  'p(x \\mid y)',
  '\\lambda_{max}',
  'f(x) = ax^2 + bx + c',
  '\\mathbb{E}[X] = \\mu',
  '\\nabla \\cdot \\mathbf{v} = 0',
  'n \\geq 2',
]

const identifiers = [
  'useEffect',
  'Array.prototype.map',
  'fetch()',
  'postMessage',
  'JSON.parse',
  'std::vector',
  'async fn',
  'SELECT *',
  'git rebase -i',
  'npm ci',
]

/** Code of one language: a header line, then body lines repeated up to the block's size. */
interface CodeShape {
  lang: string
  head: (name: string) => string
  line: (index: number, word: string) => string
  tail: string
}

const shapes: readonly CodeShape[] = [
  {
    lang: 'typescript',
    head: (n) => `export async function ${n}(items: readonly Item[]): Promise<number> {`,
    line: (i, w) => `  const ${w}${i} = await load(items[${i}]?.id ?? '${w}') // step ${i}`,
    tail: '  return items.length\n}',
  },
  {
    lang: 'javascript',
    head: (n) => `function ${n}(rows) {`,
    line: (i, w) => `  rows.push({ id: ${i}, name: '${w}', done: ${i % 2 === 0} })`,
    tail: '  return rows\n}',
  },
  {
    lang: 'python',
    head: (n) => `def ${n}(rows: list[dict]) -> int:`,
    line: (i, w) => `    total += len(rows[${i}].get("${w}", "")) * ${i}  # ${w}`,
    tail: '    return total',
  },
  {
    lang: 'rust',
    head: (n) => `pub fn ${n}(items: &[Item]) -> Result<usize, Error> {`,
    line: (i, w) => `    let ${w}_${i} = items.get(${i}).map(|x| x.len()).unwrap_or(0);`,
    tail: '    Ok(items.len())\n}',
  },
  {
    lang: 'go',
    head: (n) => `func ${n}(ctx context.Context, items []Item) (int, error) {`,
    line: (i, w) => `\tif err := process(ctx, items[${i}], "${w}"); err != nil {\n\t\treturn ${i}, err\n\t}`,
    tail: '\treturn len(items), nil\n}',
  },
  {
    lang: 'cpp',
    head: (n) => `template <typename T>\nstd::size_t ${n}(const std::vector<T>& items) {`,
    line: (i, w) => `  auto ${w}${i} = std::accumulate(items.begin(), items.end(), std::size_t{${i}});`,
    tail: '  return items.size();\n}',
  },
  {
    lang: 'c',
    head: (n) => `size_t ${n}(const char **items, size_t n) {`,
    line: (i, w) => `  if (n > ${i}) total += strlen(items[${i}]); /* ${w} */`,
    tail: '  return total;\n}',
  },
  {
    lang: 'java',
    head: (n) => `public static int ${n}(List<String> items) {`,
    line: (i, w) => `    map.put("${w}${i}", items.get(${i}).length());`,
    tail: '    return map.size();\n}',
  },
  {
    lang: 'kotlin',
    head: (n) => `fun ${n}(items: List<String>): Int {`,
    line: (i, w) => `    val ${w}${i} = items.getOrNull(${i})?.length ?: 0`,
    tail: '    return items.size\n}',
  },
  {
    lang: 'swift',
    head: (n) => `func ${n}(_ items: [String]) -> Int {`,
    line: (i, w) => `    let ${w}${i} = items.count > ${i} ? items[${i}].count : 0`,
    tail: '    return items.count\n}',
  },
  {lang: 'ruby', head: (n) => `def ${n}(items)`, line: (i, w) => `  result[:${w}_${i}] = items.fetch(${i}, '').length`, tail: '  result\nend'},
  {
    lang: 'php',
    head: (n) => `<?php\nfunction ${n}(array $items): int {`,
    line: (i, w) => `    $${w}${i} = strlen($items[${i}] ?? '');`,
    tail: '    return count($items);\n}',
  },
  {
    lang: 'csharp',
    head: (n) => `public static int ${n}(IEnumerable<string> items) {`,
    line: (i, w) => `    var ${w}${i} = items.Skip(${i}).FirstOrDefault()?.Length ?? 0;`,
    tail: '    return items.Count();\n}',
  },
  {
    lang: 'sql',
    head: (n) => `-- ${n}\nSELECT user_id, COUNT(*) AS total`,
    line: (i, w) => `  , SUM(CASE WHEN kind = '${w}' THEN ${i} ELSE 0 END) AS ${w}_${i}`,
    tail: 'FROM events\nGROUP BY user_id\nORDER BY total DESC;',
  },
  {
    lang: 'bash',
    head: (n) => `#!/usr/bin/env bash\n# ${n}\nset -euo pipefail`,
    line: (i, w) => `if [ -f "${w}-${i}.txt" ]; then grep -c "${w}" "${w}-${i}.txt" || true; fi`,
    tail: 'echo done',
  },
  {lang: 'yaml', head: (n) => `${n}:\n  jobs:`, line: (i, w) => `    - name: ${w}-${i}\n      run: npm run ${w} -- --shard ${i}`, tail: '  on: [push]'},
  {lang: 'json', head: () => '{\n  "items": [', line: (i, w) => `    {"id": ${i}, "name": "${w}", "enabled": ${i % 3 === 0}},`, tail: '    {"id": -1}\n  ]\n}'},
  {
    lang: 'html',
    head: (n) => `<section class="${n}">`,
    line: (i, w) => `  <p class="${w}" data-index="${i}"><a href="/${w}">${w} ${i}</a></p>`,
    tail: '</section>',
  },
  {lang: 'css', head: (n) => `.${n} {\n  display: grid;\n}`, line: (i, w) => `.${w}-${i} { margin: ${i}px; color: hsl(${(i * 37) % 360} 60% 40%); }`, tail: ''},
  {lang: 'haskell', head: (n) => `${n} :: [Int] -> Int`, line: (i, w) => `${w}${i} xs = foldr (\\x acc -> acc + x * ${i}) 0 xs`, tail: ''},
  {lang: 'lua', head: (n) => `local function ${n}(items)`, line: (i, w) => `  local ${w}${i} = #(items[${i}] or "")`, tail: '  return #items\nend'},
  {
    lang: 'scala',
    head: (n) => `def ${n}(items: Seq[String]): Int = {`,
    line: (i, w) => `  val ${w}${i} = items.lift(${i}).map(_.length).getOrElse(0)`,
    tail: '  items.size\n}',
  },
]

/** The languages of the reply profile's code blocks. */
export const replyLanguages: readonly string[] = shapes.map((shape) => shape.lang)

/** A reply of at least `bytes` characters (ASCII only), the same for the same `seed` and options. */
export function generateReply(bytes: number, seed: number, options: ReplyOptions): string {
  const write = replyWriter(seed, options)
  const {next, int, phrase, capital, pick, paragraph} = write
  const blocks: string[] = [paragraph()]
  let size = blocks[0]!.length
  const push = (block: string) => {
    blocks.push(block)
    size += block.length + 2
  }
  // The definitions at the end count toward the size too.
  while (size + write.noteChars() < bytes) {
    if (next() < 0.3) push(`## ${capital(phrase(int(2, 6)))}`)
    push(paragraph())
    const roll = next()
    if (roll < 0.3) push(codeBlock(write))
    else if (roll < 0.5) push(list(write))
    else if (roll < 0.62) push(table(write))
    else if (roll < 0.68) push(`$$\n${pick(formulas)}\n$$`)
    else push(paragraph())
  }
  if (write.notes.length > 0) push(write.notes.map((note, index) => `[^${index + 1}]: ${note}`).join('\n'))
  return blocks.join('\n\n') + '\n'
}

/** Words, sentences and paragraphs of a reply, drawn from one seeded sequence, with the footnotes they cite. */
function replyWriter(seed: number, options: ReplyOptions) {
  const next = random(seed)
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const phrase = (count: number) => Array.from({length: count}, () => pick(words)).join(' ')
  const capital = (text: string) => text.replace(/^\w/, (c) => c.toUpperCase())
  const notes: string[] = []
  let noteChars = 0
  const inline = (): string => {
    const roll = next()
    if (roll < 0.2) return `$${pick(formulas)}$`
    if (roll < 0.4) return `\`${pick(identifiers)}\``
    if (roll < 0.55) return `[${phrase(int(1, 3))}](https://example.com/${pick(words)}/${int(1, 999)})`
    if (roll < 0.7) return `https://docs.example.org/${pick(words)}-${int(1, 99)}`
    if (roll < 0.85) return `**${phrase(2)}**`
    return `*${phrase(2)}*`
  }
  const sentence = (): string => {
    const parts = Array.from({length: int(8, 18)}, (_, i) => (i > 0 && next() < 0.12 ? inline() : pick(words)))
    let text = capital(parts.join(' ')) + '.'
    if (options.footnotes && next() < 0.08) {
      notes.push(`${capital(phrase(int(6, 14)))}, https://papers.example.net/${int(1000, 9999)}.`)
      noteChars += notes.at(-1)!.length + 8
      text += `[^${notes.length}]`
    }
    return text
  }
  const paragraph = (): string => {
    const target = int(300, 800)
    let text = sentence()
    while (text.length < target) text += ' ' + sentence()
    return text
  }
  return {next, int, pick, phrase, capital, sentence, paragraph, notes, noteChars: () => noteChars}
}

type ReplyWriter = ReturnType<typeof replyWriter>

function list({next, int, sentence}: ReplyWriter): string {
  const ordered = next() < 0.4
  return Array.from({length: int(3, 7)}, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${sentence()}${next() < 0.3 ? ' ' + sentence() : ''}`).join('\n')
}

function table({next, int, pick, phrase, capital}: ReplyWriter): string {
  const columns = int(3, 5)
  const head = ['Option', ...Array.from({length: columns - 1}, () => capital(pick(words)))]
  const rows = Array.from({length: int(3, 8)}, () =>
    [`\`${pick(identifiers)}\``, ...Array.from({length: columns - 1}, () => (next() < 0.5 ? `${int(1, 999)} ms` : phrase(int(1, 4))))].join(' | '),
  )
  return [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? ':---' : '---:')).join('|')}|`, ...rows.map((row) => `| ${row} |`)].join('\n')
}

/** A fenced code block of 1 to 3 KB in one of the languages of `shapes`. */
function codeBlock({int, pick}: ReplyWriter): string {
  const shape = pick(shapes)
  const size = int(1000, 3000)
  const lines = [shape.head(`${pick(words)}_${int(1, 99)}`)]
  let length = lines[0]!.length
  for (let index = 0; length < size; index++) {
    const line = shape.line(index, pick(words))
    lines.push(line)
    length += line.length + 1
  }
  if (shape.tail) lines.push(shape.tail)
  return '```' + shape.lang + '\n' + lines.join('\n') + '\n```'
}
