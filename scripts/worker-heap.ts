/**
 * The render worker's heap in Node, for docs/performance.md: after streaming
 * a 1 MB reply with long code blocks through a session, and after 10,000
 * random single-character edits to the 100 KB sample.
 *
 * `languages` is what the stream leaves once its session and caches are
 * gone: a warm worker that has highlighted one short block in each language
 * of the reply (grammars stay loaded and compiled, by design).
 *
 *   node --expose-gc --import tsx scripts/worker-heap.ts [stream|edits|languages]
 */
import {generateMarkdown, generatedSamples, random} from '../shared/gen-samples.ts'
import {generateReply, replyLanguages} from '../shared/gen-reply.ts'
import {cachedBytes, clearCaches} from '../workers/plugins/lru.ts'
import {markdownToHast, warmUp} from '../workers/pipeline.ts'
import {closeSession, renderSession} from '../workers/session/session.ts'
import {createSender} from '../shared/text-change.ts'

const gc = (globalThis as {gc?: () => void}).gc
if (!gc) throw new Error('Run with node --expose-gc')
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

function heap(): number {
  gc!()
  gc!()
  return process.memoryUsage().heapUsed
}

function report(label: string, base: number): void {
  console.log(`${label}: heap ${mb(heap())} (${mb(heap() - base)} over the warm worker), caches' estimate ${mb(cachedBytes())}`)
}

async function stream(): Promise<void> {
  // The generated reply's code blocks are short: every fortieth paragraph
  // break gets a block of 19,000 characters (under the highlight cache's limit).
  const longCode = (index: number) =>
    '```ts\n' +
    Array.from({length: 340}, (_, line) => `const value${index}_${line}: number = compute(${line}, 'text') // ${line}`.padEnd(49)).join('\n') +
    '\n```'
  let breaks = 0
  const reply = generateReply(750_000, 7, {footnotes: true}).replace(/\n\n(?=[A-Z])/g, (gap) => (++breaks % 40 === 0 ? `\n\n${longCode(breaks)}\n\n` : gap))
  const longest = Math.max(
    ...reply
      .split(/^```/m)
      .filter((_, index) => index % 2 === 1)
      .map((block) => block.length),
  )
  console.log(`reply ${reply.length} characters, longest code block ${longest}`)
  await warmUp()
  const base = heap()
  report('warm worker', base)
  const send = sender('reply')
  let appends = 0
  for (let end = 500; end < reply.length; end += 500, appends++) await send(reply.slice(0, end))
  await send(reply)
  report(`after streaming in ${appends + 1} appends (session open)`, base)
  closeSession('reply')
  report('after closing the session', base)
  clearCaches()
  report('after emptying the caches', base)
}

/** Render texts in session `id` for the preview as the app sends them: each after the first as a change to the one before. */
function sender(id: string): (markdown: string) => Promise<void> {
  const send = createSender()
  return async (markdown) => {
    const {text, version} = send(markdown)
    // A copy of its own, as the worker receives it from `postMessage`: a slice of the text would share its memory.
    await renderSession(id, structuredClone(text), version, {}, undefined, 'display')
  }
}

async function edits(): Promise<void> {
  const sample = generatedSamples.find((candidate) => candidate.bytes === 100_000)!
  let text = generateMarkdown(sample.bytes, sample.seed)
  await warmUp()
  const base = heap()
  report('warm worker', base)
  const send = sender('edits')
  await send(text)
  report('after the first render (session open)', base)
  const next = random(11)
  for (let edit = 0; edit < 10_000; edit++) {
    const at = Math.floor(next() * (text.length + 1))
    text =
      next() < 0.5
        ? text.slice(0, at) + (next() < 0.1 ? '\n' : String.fromCharCode(97 + Math.floor(next() * 26))) + text.slice(at)
        : text.slice(0, at) + text.slice(at + 1)
    await send(text)
  }
  report('after 10,000 random edits (session open)', base)
  closeSession('edits')
  report('after closing the session', base)
  clearCaches()
  report('after emptying the caches', base)
}

async function languages(): Promise<void> {
  await warmUp()
  const base = heap()
  report('warm worker', base)
  const blocks = replyLanguages.map((language) => `\`\`\`${language}\nconst value = compute(1, 'text') // a line\n\`\`\``)
  await markdownToHast(blocks.join('\n\n'))
  report(`after one block in each of ${new Set(replyLanguages).size} languages`, base)
  clearCaches()
  report('after emptying the caches', base)
}

const modes = {stream, edits, languages}
await modes[(process.argv[2] ?? 'stream') as keyof typeof modes]()
