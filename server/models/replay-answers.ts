/**
 * What the replay model answers: a command (`/help`, `/sample`, `/long`), or
 * the prepared answer in `answers/` whose keywords the question mentions.
 */
import {readFile} from 'node:fs/promises'
import {longAnswer, sampleAnswer} from './replay-samples.ts'

/** The first line of every replayed answer, so nobody mistakes it for a real model. */
export const REPLAY_NOTICE = '*Offline demo model: this answer is replayed from a script, not generated. ' + 'Set `OPENAI_BASE_URL` to chat with a real model.*'

type Topic = 'help' | 'code' | 'table' | 'math' | 'footnotes' | 'tasks' | 'diagram'

// First match wins; a named language wins over all of these.
const topics: Array<[RegExp, Topic | 'long']> = [
  [/^(hi|hello|hey|yo)\b|\bhelp\b|what can you do|who are you/i, 'help'],
  [/\b(long|longer|detailed|in depth|essay|everything|kitchen sink)\b/i, 'long'],
  [/\b(math|maths|equations?|formulas?|latex|katex|integrals?|calculus|algebra|quadratic|matri(x|ces)|probability|bayes|euler)\b/i, 'math'],
  [/\b(tables?|compare|comparison|versus|vs|benchmarks?|sort|sorting)\b/i, 'table'],
  [/\b(footnotes?|sources?|citations?|cite|references?|history)\b/i, 'footnotes'],
  [/\b(diagrams?|flowcharts?|mermaid|charts?|graphs?)\b/i, 'diagram'],
  [/\b(tasks?|todos?|to-do|checklists?|plan|steps|roadmap)\b/i, 'tasks'],
  [/\b(code|program|function|snippet|implement|script|fibonacci|algorithm)\b/i, 'code'],
]

// Headings of the sections in `answers/code.md`.
const languages: Array<[RegExp, string]> = [
  [/\b(typescript|tsx?)\b/i, 'TypeScript'],
  [/\b(javascript|js|node(\.?js)?)\b/i, 'JavaScript'],
  [/\b(python|py)\b/i, 'Python'],
  [/\brust\b/i, 'Rust'],
  // "go" alone is too common a word.
  [/\bgolang\b|\bin go\b|\bgo (code|program|function)/i, 'Go'],
  [/\bc\+\+|\bcpp\b/i, 'C++'],
  [/\bc#|\bcsharp\b|\.net\b/i, 'C#'],
  [/\b(in|ansi) c\b(?![+#])|\bc (code|program|function)/i, 'C'],
  [/\bjava\b/i, 'Java'],
  [/\bkotlin\b/i, 'Kotlin'],
  [/\bswift\b/i, 'Swift'],
  [/\bruby\b/i, 'Ruby'],
  [/\bphp\b/i, 'PHP'],
  [/\bhaskell\b/i, 'Haskell'],
  [/\blua\b/i, 'Lua'],
  [/\b(sql|postgres(ql)?|sqlite|mysql)\b/i, 'SQL'],
  [/\b(bash|shell|zsh)\b/i, 'Bash'],
]

const cache = new Map<Topic, Promise<string>>()

/** The whole replayed answer to `question`, notice included. */
export async function replayAnswer(question: string): Promise<string> {
  return `${REPLAY_NOTICE}\n\n${await answerBody(question.trim())}`
}

async function answerBody(question: string): Promise<string> {
  const command = /^\/(\w+)\s*([^]*)$/.exec(question)
  if (command) {
    const [, name = '', argument = ''] = command
    switch (name.toLowerCase()) {
      case 'sample':
        return sampleAnswer(argument.trim())
      case 'long':
        return longAnswer(argument.trim())
      case 'help':
        return readAnswer('help')
      default:
        return `There is no command \`/${name}\`.\n\n${await readAnswer('help')}`
    }
  }
  const named = languages.filter(([pattern]) => pattern.test(question)).map(([, heading]) => heading)
  if (named.length > 0) return codeAnswer(named)
  const topic = topics.find(([pattern]) => pattern.test(question))?.[1]
  if (topic === 'long') return longTopicAnswer()
  if (topic) return readAnswer(topic)
  return fallbackAnswer(question)
}

function readAnswer(topic: Topic): Promise<string> {
  let text = cache.get(topic)
  if (!text) cache.set(topic, (text = readFile(new URL(`answers/${topic}.md`, import.meta.url), 'utf8')))
  return text
}

async function codeAnswer(headings: string[]): Promise<string> {
  const sections = (await readAnswer('code')).split(/^(?=## )/m)
  const picked = sections.filter((section) => headings.some((heading) => section.startsWith(`## ${heading}\n`)))
  const code = picked.map((section) => section.replace(/^## [^\n]*\n\n/, '').trim())
  const names = headings.join(' and ')
  const intro = `Here is the $n$-th Fibonacci number in ${names}, computed iteratively in $O(n)$ time ` + 'and $O(1)$ memory, with $F_0 = 0$ and $F_1 = 1$.'
  const outro = 'The loop runs $n$ times and keeps only the last two numbers. Ask for "code" without a ' + 'language to see it in every language I know.'
  return [intro, ...code, outro].join('\n\n') + '\n'
}

async function longTopicAnswer(): Promise<string> {
  const parts = await Promise.all((['math', 'table', 'code', 'footnotes', 'tasks'] as const).map(readAnswer))
  const titles = ['Some math', 'A comparison', 'Code in many languages', 'A bit of history', 'A plan']
  const sections = parts.map((text, index) => `## ${titles[index]}\n\n${text.replace(/^(#+) /gm, '$1# ')}`)
  return `# A long answer\n\nA tour through everything the preview renders, one section after another.\n\n${sections.join('\n')}`
}

function fallbackAnswer(question: string): string {
  const quoted = question.slice(0, 300).replace(/^/gm, '> ')
  return `${quoted}\n\nI can't really answer that: I replay prepared answers and don't understand questions. \
I can show you how replies render, though. Try one of these:

- "Show me some **Python**" (or Rust, Go, TypeScript, SQL, …)
- "Write the same function in every language"
- "Compare sorting algorithms in a table"
- "Explain the quadratic formula" for math
- "Give me sources" for footnotes
- "Make a checklist" for a task list
- "Draw a diagram" for a mermaid flowchart
- "A long answer", \`/sample feature-tour\` or \`/long 500k\`

Type \`/help\` for the full list.
`
}
