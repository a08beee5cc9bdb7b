import {readFile} from 'node:fs/promises'
import {streamText} from 'ai'
import {describe, expect, test} from 'vitest'
import {replayAnswer, REPLAY_NOTICE} from '../../../server/models/replay-answers.ts'
import {MAX_LONG_BYTES} from '../../../server/models/replay-samples.ts'
import {createReplayModel, MAX_REPLAY_SECONDS, textToDeltas} from '../../../server/models/replay.ts'
import {generateMarkdown} from '../../../shared/gen-samples.ts'

const body = async (question: string) => (await replayAnswer(question)).slice(REPLAY_NOTICE.length + 2)
const fences = (text: string) => [...text.matchAll(/^```(\S+)$/gm)].map((match) => match[1])

describe('the replay model', () => {
  test('should implement the AI SDK language model spec v3', () => {
    const model = createReplayModel({tokensPerSecond: 0})
    expect(model.specificationVersion).toBe('v3')
    expect(model.provider).toBe('offthread')
    expect(model.modelId).toBe('offthread-replay')
  })

  test('should be driven by `streamText` like any model', async () => {
    const result = streamText({model: createReplayModel({tokensPerSecond: 0}), prompt: 'Make a checklist'})
    const deltas: string[] = []
    for await (const delta of result.textStream) deltas.push(delta)
    expect(deltas.length).toBeGreaterThan(50)
    expect(deltas.join('')).toBe(await replayAnswer('Make a checklist'))
    expect(await result.finishReason).toBe('stop')
    expect((await result.usage).outputTokens).toBe(deltas.length)
  })

  test('should stream at about `tokensPerSecond`', async () => {
    const words = (await replayAnswer('/help')).split(/\s+/).filter(Boolean).length
    const started = performance.now()
    const result = streamText({model: createReplayModel({tokensPerSecond: 1000}), prompt: '/help'})
    await result.consumeStream()
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(words * 0.9 - 20)
    expect(elapsed).toBeLessThan(words * 1 + 2000)
  })

  test('should stop when aborted', async () => {
    const controller = new AbortController()
    const result = streamText({
      model: createReplayModel({tokensPerSecond: 200}),
      prompt: 'Give me a long answer',
      abortSignal: controller.signal,
    })
    const parts: string[] = []
    let text = ''
    for await (const part of result.fullStream) {
      parts.push(part.type)
      if (part.type === 'text-delta') text += part.text
      if (text.length > 100 && !controller.signal.aborted) controller.abort()
    }
    expect(parts).toContain('abort')
    expect(parts).not.toContain('finish')
    expect(text.length).toBeLessThan(1000)
  })

  test('should split text into deltas that join back to it', () => {
    for (const text of ['', ' ', 'one', '  lead', 'a  b\n\nc ', 'tab\tsep\n', '```ts\nconst x = 1\n```\n']) {
      expect([...textToDeltas(text, 0)].join('')).toBe(text)
    }
    expect([...textToDeltas('one two  three\n', 0)]).toEqual(['one ', 'two  ', 'three\n'])
  })

  test('should send several words per delta so no answer streams longer than the cap', () => {
    const text = generateMarkdown(200_000, 3)
    const deltas = [...textToDeltas(text, 40)]
    expect(deltas.join('')).toBe(text)
    expect(deltas.length).toBeLessThanOrEqual(40 * MAX_REPLAY_SECONDS)
    expect(deltas.length).toBeGreaterThan(40 * MAX_REPLAY_SECONDS * 0.9)
  })
})

describe('replayed answers', () => {
  test('should open every answer with the offline notice', async () => {
    for (const question of ['hi', 'python', '/sample', '/long 1k', 'what is the meaning of life?']) {
      expect((await replayAnswer(question)).startsWith(`${REPLAY_NOTICE}\n\n`)).toBe(true)
    }
    expect(REPLAY_NOTICE).toMatch(/^\*Offline demo model/)
  })

  test('should answer with code in the language asked for', async () => {
    expect(fences(await body('Show me some Python'))).toEqual(['python'])
    expect(fences(await body('How would you do it in Rust?'))).toEqual(['rust'])
    expect(fences(await body('write it in C++'))).toEqual(['cpp'])
    expect(fences(await body('in C please'))).toEqual(['c'])
    expect(fences(await body('compare typescript and go code'))).toEqual(['ts', 'go'])
  })

  test('should answer a question about code with many languages', async () => {
    const languages = new Set(fences(await body('Show me a code example')))
    expect(languages.size).toBeGreaterThanOrEqual(15)
  })

  test('should answer with tables, math, footnotes, task lists and diagrams', async () => {
    expect(await body('compare them in a table')).toMatch(/^\| Algorithm \|.*\n\|:-/m)
    const math = await body('explain the quadratic formula')
    expect(math).toMatch(/\$\$\n.+\n\$\$/)
    expect(math).toContain('$e^{i\\pi} + 1 = 0$')
    expect(await body('cite your sources')).toMatch(/\[\^\w+\]: /)
    expect(await body('make me a todo list')).toContain('- [x] ')
    expect(fences(await body('Draw a diagram'))).toEqual(['mermaid'])
    expect(fences(await body('can you make a flowchart?'))).toEqual(['mermaid'])
  })

  test('should give a long answer with every kind of block', async () => {
    const text = await body('Give me a long, detailed answer')
    expect(text.length).toBeGreaterThan(8000)
    for (const piece of ['| Algorithm |', '$$', '```rust', '[^whatwg]:', '- [ ] ']) expect(text).toContain(piece)
  })

  test('should say what it can do when it cannot answer', async () => {
    const text = await body('What is the capital of France?')
    expect(text.startsWith('> What is the capital of France?\n\n')).toBe(true)
    expect(text).toContain('/sample feature-tour')
  })

  test('should replay a sample with `/sample NAME`', async () => {
    const tour = await readFile(new URL('../../../public/samples/feature-tour.md', import.meta.url), 'utf8')
    expect(await body('/sample feature-tour')).toBe(tour)
    expect(await body('/sample Feature tour')).toBe(tour)
    expect(await body('/sample large-100k')).toBe(generateMarkdown(100_000, 1))
  })

  test('should name the samples there are when the name is unknown', async () => {
    const text = await body('/sample nope')
    expect(text).toMatch(/^There is no sample called `nope`\./)
    for (const name of ['feature-tour', 'large-100k', 'large-1m']) expect(text).toContain(`\`${name}\``)
    expect(await body('/sample')).toMatch(/^Which sample\?/)
  })

  test('should stream a generated answer of the asked size with `/long`', async () => {
    const bytes = (text: string) => Buffer.byteLength(text)
    const long = await body('/long 500k')
    expect(bytes(long)).toBeGreaterThanOrEqual(500_000)
    expect(bytes(long)).toBeLessThan(510_000)
    expect(long).toMatch(/^A generated answer of about 500,000 bytes, for stress tests\./)
    expect(bytes(await body('/long 20000'))).toBeLessThan(30_000)
    const capped = await body('/long 5m')
    expect(capped).toContain(`capped at ${MAX_LONG_BYTES.toLocaleString('en')} bytes`)
    expect(bytes(capped)).toBeLessThan(MAX_LONG_BYTES * 1.02)
    expect(await body('/long lots')).toMatch(/takes a size in bytes/)
  })

  test('should list the commands for `/help` and unknown commands', async () => {
    expect(await body('/help')).toContain('/long 500k')
    expect(await body('/nope')).toMatch(/^There is no command `\/nope`\./)
  })
})
