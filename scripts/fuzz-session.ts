/**
 * `npm run fuzz`: random documents dense with markdown's marks, escapes and
 * block starts, streamed in random chunks or edited at random places,
 * through one render session each; after every step the session's output
 * must equal a full render of the text. A mismatch is shrunk to a short
 * pair of texts (the one before, the one after) and printed.
 *
 * With `--heal`, every step renders healed first, as a reply streams (not
 * compared: a full render does not heal), and every third step and the
 * last render again as they are, as when a reply stops or ends.
 *
 *   npm run fuzz -- [--docs N] [--seed N] [--edits] [--display] [--heal] [--help]
 */
import {parseArgs} from 'node:util'
import {toHtml} from 'hast-util-to-html'
import type {Root} from 'hast'
import {createSessionMirror} from '../shared/protocol.ts'
import {createSender} from '../shared/text-change.ts'
import {random} from '../shared/gen-samples.ts'
import {hastToDisplay} from '../workers/display/block-to-display.ts'
import {markdownToHast} from '../workers/pipeline.ts'
import {closeSession, renderSession} from '../workers/session/session.ts'
import type {SessionTarget} from '../workers/session/state.ts'

const parts = [
  ...['word ', 'a', ' ', 'x', ':', '|', '#', '*', '_', '~', '~~', '**', '$', '$$', '`', '[', ']', '(u)', '<b>', '<!-- c -->'],
  ...['\\*', '\\_', '\\$', '\\[', '\\]', '\\\\', '\\alpha', '\\(x\\)', '\\|', '&amp;', '&#32;', '&#42;'],
  ...['[^1]', '[^n]', '[a]', '[a][]', '![i](x)', 'https://a.b/c ', 'www.x.com ', 'a@b.co ', ':smile:'],
  ...['x_i', '}_', '{a}^2', '\\frac{a}', '(https://a.b/c', '](https://a.b.', 'https:', 'www', '[^x'],
  ...['\n', '\n\n', '\n- ', '\n1. ', '\n  - ', '\n    ', '\n> ', '\n# ', '\n---\n', '\n===', '\n<div>\n', '\n> [!NOTE]\n> '],
  ...['\n| a | b |\n|---|---|\n| c ', '\n```js\nlet x\n', '\n$$\nx\n$$\n', '\n\n[^1]: note ', '\n\n[^n]: other ', '\n[a]: /u '],
  ...['<https://a.b>', '[x](<u v>)', '![a][]', ' *a* ', '\n\t', '\n   - ', '\n\n    code', '\n<details>\n', '</details>\n', '\n<!--\n', '-->', '\n~~~\n'],
]

const usage = `Usage: npm run fuzz -- [options]

  --docs 200     documents to try (it stops at the third mismatch)
  --seed 1       seed of the random documents and steps
  --edits        edit each document at random places rather than stream it
  --display      compare what the preview shows (the display stage) rather than HTML
  --heal         render each step healed first, as a reply streams`

/** The options; a usage error prints why and the usage, and exits with status 2. */
function options() {
  try {
    const {values} = parseArgs({
      options: {
        docs: {type: 'string', default: '200'},
        seed: {type: 'string', default: '1'},
        edits: {type: 'boolean', default: false},
        display: {type: 'boolean', default: false},
        heal: {type: 'boolean', default: false},
        help: {type: 'boolean', short: 'h', default: false},
      },
      strict: true,
    })
    for (const name of ['docs', 'seed'] as const) {
      if (!/^\d+$/.test(values[name])) throw new Error(`--${name} takes a whole number, not "${values[name]}"`)
    }
    return values
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`)
    process.exit(2)
  }
}

const values = options()
if (values.help) {
  console.log(usage)
  process.exit(0)
}
const target: SessionTarget = values.display ? 'display' : 'html'
const next = random(Number(values.seed))
const pick = () => parts[Math.floor(next() * parts.length)]!

let sessions = 0
/** Render `steps` in one fresh session; the index of the first step whose output is not a full render's, or -1. */
async function firstMismatch(steps: readonly string[]): Promise<number> {
  const id = `fuzz-${++sessions}`
  const mirror = createSessionMirror()
  try {
    const send = createSender()
    const render = async (markdown: string, heal: boolean) => {
      const {text, version} = send(markdown)
      mirror.apply(await renderSession(id, text, version, {heal}, (event) => event.type === 'update' && mirror.apply(event.update), target))
    }
    for (const [index, text] of steps.entries()) {
      if (values.heal) {
        await render(text, true)
        if (index % 3 !== 2 && index !== steps.length - 1) continue
      }
      await render(text, false)
      if (toHtml(mirror.hast()) !== (await fullHtml(text))) return index
    }
    return -1
  } finally {
    closeSession(id)
  }
}

async function fullHtml(text: string): Promise<string> {
  const {hast} = await markdownToHast(text)
  return toHtml(target === 'display' ? ({type: 'root', children: hastToDisplay(hast).children} as Root) : hast)
}

/** The steps of one document: its prefixes, or a text and random edits of it. */
function stepsOf(text: string): string[] {
  const steps: string[] = []
  let current = text
  for (let end = 1; end <= text.length; end += 1 + Math.floor(next() * 6)) {
    if (!values.edits) current = text.slice(0, end)
    else {
      const at = Math.floor(next() * (current.length + 1))
      current = next() < 0.5 ? current.slice(0, at) + pick() + current.slice(at) : current.slice(0, at) + current.slice(at + 1 + Math.floor(next() * 4))
    }
    steps.push(current)
  }
  return steps
}

/** `before` then `after` with the most of what they share cut away while the session still differs. */
async function shrink(before: string, after: string): Promise<[string, string]> {
  for (let size = 16; size >= 1; size >>= 1) {
    for (let at = 0; ; at++) {
      let head = 0
      while (head < before.length && before[head] === after[head]) head++
      let tail = 0
      while (tail < before.length - head && tail < after.length - head && before.at(-1 - tail) === after.at(-1 - tail)) tail++
      if (at + size > head + tail) break
      if (at < head && at + size > head) continue
      const cut = (text: string) =>
        at < head
          ? text.slice(0, at) + text.slice(at + size)
          : text.slice(0, text.length - tail + at - head) + text.slice(text.length - tail + at - head + size)
      if ((await firstMismatch([cut(before), cut(after)])) === 1) {
        ;[before, after] = [cut(before), cut(after)]
        at--
      }
    }
  }
  return [before, after]
}

let mismatches = 0
const docs = Number(values.docs)
for (let doc = 0; doc < docs && mismatches < 3; doc++) {
  let text = 'Start '
  for (let count = 10 + Math.floor(next() * 40); count > 0; count--) text += pick()
  const steps = stepsOf(text)
  const index = await firstMismatch(steps)
  if (index < 0) continue
  mismatches++
  const [before, after] = await shrink(index > 0 ? steps[index - 1]! : '', steps[index]!)
  console.log(`Mismatch in document ${doc}, shrunk:\n  before ${JSON.stringify(before)}\n  after  ${JSON.stringify(after)}`)
}
console.log(
  `${docs} documents (${values.edits ? 'edits' : 'streamed'}${values.heal ? ', healed' : ''}, ${target}, seed ${values.seed}): ${mismatches} mismatches`,
)
if (mismatches > 0) process.exitCode = 1
