/**
 * Generated sample documents: deterministic (seeded) markdown of a given
 * size that mixes every kind of block: prose with emphasis, links and inline
 * math, tables, task lists, nested lists, footnotes, display math, code in a
 * dozen languages, quotes and raw HTML. Shared by the Benchmark view, the
 * replay model's `/long`, the CLI's random edits and the Vite plugin that
 * serves `/samples/large-*.md` (`scripts/vite-plugin-samples.ts`), so the
 * repository does not carry megabytes of text. Print one with
 * `tsx scripts/print-sample.ts 100000 > large.md`.
 */
/** A generated sample: its file name under `/samples/` and its size in bytes (approximate, never less). */
export interface GeneratedSample {
  file: string
  bytes: number
  seed: number
}

/** The generated samples listed in `public/samples/index.json`. */
export const generatedSamples: readonly GeneratedSample[] = [
  {file: 'large-100k.md', bytes: 100_000, seed: 1},
  {file: 'large-1m.md', bytes: 1_000_000, seed: 2},
]

const words = (
  'render worker thread block token parse tree node editor preview scroll markdown table list code math ' +
  'syntax theme browser layout paint frame queue latency budget cache stream chunk input output signal ' +
  'message version state atom store session update line column offset heading paragraph quote footnote ' +
  'the a of to and in is it that for on with as by at from this be are was or an which'
).split(' ')

const languages = ['ts', 'py', 'json', 'sh', 'rust', 'css', 'go', 'java', 'c', 'yaml', 'sql', 'html'] as const

/** A PRNG (mulberry32): the same seed gives the same sequence on every machine. */
export function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Markdown of at least `bytes` UTF-8 bytes (ASCII only), the same for the same `seed`. */
export function generateMarkdown(bytes: number, seed: number): string {
  const write = writer(seed)
  const blocks: string[] = []
  let size = 0
  for (let section = 1; size < bytes; section++) {
    for (const block of sectionBlocks(write, section)) {
      blocks.push(block)
      size += block.length + 2
    }
  }
  return `# Generated document (${Math.round(bytes / 1000)} KB)\n\n${blocks.join('\n\n')}\n`
}

/** Words, sentences and paragraphs drawn from one seeded sequence. */
function writer(seed: number) {
  const next = random(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const word = () => pick(words)
  const phrase = (count: number) => Array.from({length: count}, word).join(' ')
  const title = (count: number) => phrase(count).replace(/^\w/, (c) => c.toUpperCase())
  const sentence = (): string => {
    const parts = Array.from({length: int(6, 16)}, () => {
      const roll = next()
      if (roll < 0.04) return `**${phrase(2)}**`
      if (roll < 0.08) return `*${word()}*`
      if (roll < 0.11) return `\`${word()}()\``
      if (roll < 0.13) return `[${phrase(2)}](https://example.com/${word()})`
      if (roll < 0.14) return `$x_${int(1, 9)}^2$`
      if (roll < 0.15) return `~~${word()}~~`
      return word()
    })
    return parts.join(' ').replace(/^\w/, (c) => c.toUpperCase()) + '.'
  }
  const paragraph = () => Array.from({length: int(2, 5)}, sentence).join(' ')
  return {next, pick, int, word, phrase, title, sentence, paragraph}
}

type Writer = ReturnType<typeof writer>

/** The blocks of section number `section`: a heading, prose, and now and then a list, table, quote, code, math, footnote or HTML. */
function sectionBlocks(write: Writer, section: number): string[] {
  const {next, int, phrase, title, sentence, paragraph, word} = write
  const blocks = [`## ${section}. ${title(int(2, 5))}`, paragraph(), paragraph()]
  const roll = next()
  if (roll < 0.3) {
    // Some items carry a nested list, ordered or not.
    const item = () => {
      if (next() >= 0.25) return `- ${sentence()}`
      const ordered = next() < 0.5
      return [`- ${sentence()}`, ...Array.from({length: int(2, 3)}, (_, i) => `  ${ordered ? `${i + 1}.` : '-'} ${phrase(int(3, 8))}`)].join('\n')
    }
    blocks.push(Array.from({length: int(3, 6)}, item).join('\n'))
  } else if (roll < 0.45) {
    blocks.push(Array.from({length: int(3, 5)}, () => `- [${next() < 0.5 ? 'x' : ' '}] ${phrase(int(3, 7))}`).join('\n'))
  } else if (roll < 0.6) {
    const rows = Array.from({length: int(3, 6)}, () => `| ${word()} | ${int(1, 999)} | ${phrase(3)} | ${(next() * 100).toFixed(1)} |`)
    blocks.push(['| Name | Count | Notes | Share |', '|:-----|------:|-------|------:|', ...rows].join('\n'))
  } else if (roll < 0.7) {
    blocks.push(`> ${sentence()}\n> ${sentence()}`)
  }
  if (next() < 0.5) {
    const language = write.pick(languages)
    blocks.push('```' + language + '\n' + code(write, language) + '\n```')
  }
  if (next() < 0.15) blocks.push(`$$\n\\sum_{i=1}^{${int(2, 99)}} i^${int(2, 4)} = \\frac{n(n+1)}{2}\n$$`)
  if (next() < 0.2) blocks.push(`${sentence()}[^s${section}]\n\n[^s${section}]: ${sentence()}`)
  if (next() < 0.1) blocks.push(`### ${title(int(2, 4))}\n\n1. ${sentence()}\n2. ${sentence()}\n3. ${sentence()}`)
  if (next() < 0.05) blocks.push(`<details>\n<summary>${title(3)}</summary>\n\n${sentence()} Press <kbd>Ctrl</kbd>+<kbd>${word()}</kbd>.\n\n</details>`)
  return blocks
}

/** A short function, or the like, in `language`. */
function code(write: Writer, language: (typeof languages)[number]): string {
  const {next, int, word, phrase, title} = write
  const name = `${word()}_${int(1, 99)}`
  switch (language) {
    case 'ts':
      return `export function ${name}(input: string[]): number {\n  let total = 0\n  for (const item of input) total += item.length * ${int(2, 9)}\n  return total\n}`
    case 'py':
      return `def ${name}(items):\n    """Sum the ${word()} sizes."""\n    return sum(len(item) * ${int(2, 9)} for item in items)`
    case 'json':
      return `{\n  "name": "${name}",\n  "version": ${int(1, 20)},\n  "tags": ["${word()}", "${word()}"],\n  "enabled": ${next() < 0.5}\n}`
    case 'sh':
      return `for f in *.${word()}; do\n  echo "processing $f"\ndone`
    case 'rust':
      return `fn ${name}(items: &[String]) -> usize {\n    items.iter().map(|s| s.len() * ${int(2, 9)}).sum()\n}`
    case 'css':
      return `.${word()}-${word()} {\n  margin: ${int(0, 24)}px;\n  color: #${int(0x100000, 0xffffff).toString(16)};\n}`
    case 'go':
      return `func ${name}(items []string) int {\n\ttotal := 0\n\tfor _, item := range items {\n\t\ttotal += len(item) * ${int(2, 9)}\n\t}\n\treturn total\n}`
    case 'java':
      return `public static int ${name}(List<String> items) {\n    return items.stream().mapToInt(s -> s.length() * ${int(2, 9)}).sum();\n}`
    case 'c':
      return `size_t ${name}(const char **items, size_t n) {\n  size_t total = 0;\n  for (size_t i = 0; i < n; i++) total += strlen(items[i]) * ${int(2, 9)};\n  return total;\n}`
    case 'yaml':
      return `${name}:\n  version: ${int(1, 20)}\n  tags: [${word()}, ${word()}]\n  enabled: ${next() < 0.5}`
    case 'sql':
      return `SELECT ${word()}, COUNT(*) AS total\nFROM ${name}\nWHERE version > ${int(1, 20)}\nGROUP BY ${word()};`
    case 'html':
      return `<section class="${word()}">\n  <h2>${title(2)}</h2>\n  <p>${phrase(5)}</p>\n</section>`
  }
}
