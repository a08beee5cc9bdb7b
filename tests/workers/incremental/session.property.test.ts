import fc from 'fast-check'
import {describe, it} from 'vitest'
import {closeSession} from '../../../workers/session/session.ts'
import {createClient, fullHtml, nextSessionId} from './session-helpers.ts'

// Pieces of markdown chosen for what crosses block boundaries: definitions
// and their uses, footnotes, fences and math with blank lines, lists that a
// later item continues, HTML blocks, raw tags left open, indentation.
const inline = fc.constantFrom(
  'plain words',
  '*em* and **strong**',
  '[link](https://x.example)',
  '[ref] and [Ref][] and [text][other]',
  'note[^a]',
  'again[^b]',
  'twice[^a]',
  'uses[^d] and[^e][^f]',
  '$x^2$',
  'costs $5 and $10',
  '`code <b>`',
  '<kbd>K</kbd>',
  '<b>open',
  '</b>',
  'www.example.com',
  '~~gone~~',
  '\\[escaped]',
  // Left open until a later part closes them (a paragraph that grows renders
  // from its last word only when nothing before it is open).
  '*open em',
  'closes* it',
  '[open bracket',
  '](https://y.example) closes',
  '`open tick',
  'a & b &amp; c',
  'me@example.com',
  'snake_case_words',
  // LaTeX delimiters, emoji shortcodes (open ones too, closed by a later part).
  '\\(x^2\\)',
  'opens \\(a',
  'closes b\\) it',
  'arr\\[0\\]',
  ':tada: and :+1:',
  'at 10:30:smile:',
)
const paragraph = fc.array(inline, {minLength: 1, maxLength: 4}).map((parts) => parts.join(' '))
const block = fc.oneof(
  paragraph,
  paragraph.map((text) => `# ${text}`),
  paragraph.map((text) => `- ${text}`),
  paragraph.map((text) => `> ${text}\n> ${text}`),
  fc.constant('[ref]: https://ref.example "Title"'),
  fc.constant('[REF]: /second-definition'),
  fc.constant('[other]: <https://other.example>'),
  // A link and a colon until the title closes: then a definition.
  fc.constant("[ref]: words then 'a title'"),
  fc.constant('[^a]: Footnote *a* with $y$.'),
  fc.constant('[^b]: Footnote b\n    continued [ref].'),
  fc.constant('[^c]: Footnote c cites[^a].'),
  // Definitions one after the other (a reply's end), and lines that end the run.
  fc.constant('[^d]: D one\n[^e]: E cites[^a]\n[^f]:'),
  fc.constant('[^d]: D one\nlazy words\n    indented\n[^e]:\n[^f]: F'),
  fc.constant('[^d]: ```\ncode\n[^e]: E'),
  fc.constant('<div>\n[^e]: in html'),
  fc.constant('[^d]: D\n\n        code in d\nwords\n[^e]: E\n# [^f]: heading'),
  fc.constant('```js\nlet a = 1\n\nlet b = 2\n```'),
  fc.constant('```\nunclosed fence'),
  // A diagram is drawn only once closed (the worker marks an open one).
  fc.constant('```mermaid\ngraph TD\n  A --> B\n```'),
  fc.constant('```mermaid\nunclosed diagram'),
  fc.constant('```\n\nfirst line blank\n```'),
  fc.constant('~~~py\nx = 1\n~~~'),
  // Lines that look like closing fences but are not: an info string, a shorter fence.
  fc.constant('```ts\nconst a = 1\n```ts\nmore\n```'),
  fc.constant('````md\n```\n````  '),
  fc.constant('## 2. A plain heading'),
  fc.constant('###### Heading ##'),
  fc.constant('$$\na = b\n\nc\n$$'),
  fc.constant('$$'),
  fc.constant('```math\nE = mc^2\n```'),
  fc.constant('| a | b |\n|:--|--:|\n| 1 | 2 |'),
  fc.constant('- [x] done\n- [ ] todo'),
  fc.constant('- item'),
  fc.constant('1. first'),
  fc.constant('  indented continuation'),
  fc.constant('    indented code'),
  fc.constant('- outer\n  - inner\n\n    deeper'),
  fc.constant('- $$\nunclosed math in a list'),
  fc.constant('- ```js\nunclosed code in a list'),
  fc.constant('> quote\n> more'),
  fc.constant('<details>\n<summary>S</summary>'),
  fc.constant('</details>'),
  fc.constant('<div>\ninside'),
  fc.constant('</div>'),
  fc.constant('<!--\ncomment'),
  fc.constant('-->'),
  fc.constant('<!-- short -->'),
  fc.constant('---'),
  fc.constant('***'),
  fc.constant('Setext\n==='),
  paragraph.map((text) => `${text}\n- interrupting list`),
  // GitHub alerts, and quotes that only look like them.
  paragraph.map((text) => `> [!NOTE]\n> ${text}`),
  fc.constant('> [!warning]\n> Careful.\n>\n> - a list'),
  fc.constant('> [!TIP]'),
  fc.constant('> [!TIP] not alone'),
  fc.constant('\\[\n\\int f\n\\]'),
  fc.constant('\\[ a = b \\]'),
  fc.constant('\\[ open display'),
  fc.constant('title: in a setext heading\n---'),
)
// Front matter (closed, with a blank line, empty, not YAML, unclosed) or none.
const frontMatter = fc.constantFrom(
  '',
  '',
  '---\ntitle: Tour :tada:\ntags: [a, b]\n---\n',
  '---\na: 1\n\nb: [x]\n---\n\n',
  '---\n---\n',
  '---\n: bad [\n---\n',
  '---\ntitle: unclosed\n\n',
)
const separator = fc.constantFrom('\n', '\n\n', '\n\n', '\n\n\n', '\n \n')
const document = fc.array(fc.tuple(block, separator), {minLength: 1, maxLength: 10}).map((parts) => parts.map(([text, sep]) => text + sep).join(''))
const documentWithFrontMatter = fc.tuple(frontMatter, document).map(([matter, text]) => matter + text)

const snippet = fc.constantFrom(
  '\n\n',
  '\n',
  '```',
  '$$',
  '- ',
  '[^a]',
  '[ref]',
  '<div>',
  '</div>',
  '*',
  'x',
  '  ',
  '[ref]: /new\n\n',
  '---\n',
  '\\(',
  '\\)',
  '\\[',
  '> [!NOTE]\n',
  ':',
)
const edit = fc.record({at: fc.double({min: 0, max: 1, noNaN: true}), remove: fc.nat({max: 8}), insert: fc.oneof(snippet, fc.constant(''))})

function applyEdit(text: string, {at, remove, insert}: {at: number; remove: number; insert: string}): string {
  const position = Math.floor(at * text.length)
  return text.slice(0, position) + insert + text.slice(position + remove)
}

async function check(steps: string[]) {
  const id = nextSessionId()
  const client = createClient(id)
  try {
    for (const text of steps) {
      const update = await client.update(text)
      const expected = await fullHtml(text)
      if (update.html !== expected) {
        throw new Error(`Mismatch after ${JSON.stringify(text)}\n--- session\n${update.html}\n--- full\n${expected}`)
      }
    }
  } finally {
    closeSession(id)
  }
}

describe('render session equals a full render (property)', () => {
  it('after random edits and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(documentWithFrontMatter, fc.array(edit, {minLength: 1, maxLength: 6}), async (text, edits) => {
        const steps = [text]
        for (const change of edits) steps.push(applyEdit(steps[steps.length - 1]!, change))
        await check(steps)
      }),
      {numRuns: 100},
    )
  }, 300_000)

  it('after chunked appends', async () => {
    await fc.assert(
      fc.asyncProperty(documentWithFrontMatter, fc.integer({min: 1, max: 40}), async (text, size) => {
        const steps: string[] = []
        for (let end = size; end < text.length; end += size) steps.push(text.slice(0, end))
        steps.push(text)
        await check(steps)
      }),
      {numRuns: 60},
    )
  }, 300_000)
})
