import {describe, expect, it} from 'vitest'
import {delimiterRuns, hostileInputs} from '../../fixtures/hostile.ts'
import {healTail} from '../../../workers/incremental/heal.ts'
import {generateReply} from '../../../shared/gen-reply.ts'
import {generateMarkdown} from '../../../shared/gen-samples.ts'
import {closeSession} from '../../../workers/session/session.ts'
import {createClient, fullHtml, nextSessionId} from './session-helpers.ts'

describe('healing the tail of a stream', () => {
  it.each([
    ['Some **bold', 'Some **bold**'],
    ['a `code', 'a `code`'],
    ['see [the link](https://ex', 'see the link'],
    ['~~strike', '~~strike~~'],
    ['$$\nx^2', '$$\nx^2\n$$'],
    ['| a | b |\n|--', '| a | b |\n| --- | --- |'],
    ['para\n\n| a | b |', 'para\n'],
    ['an image ![alt](https://x.example/i', 'an image'],
    ['para\n\n## ', 'para\n\n'],
    ['para\n> #', 'para\n>'],
    ['para\n\n- [ ]', 'para\n\n- [ ] \u200B'],
    ['1. [x] ', '1. [x] \u200B'],
    // Code closed before: what follows is healed.
    ['```js\nx\n```\n\nSome **bold', '```js\nx\n```\n\nSome **bold**'],
    ['~~~\n```\n~~~\n\nSome **bold', '~~~\n```\n~~~\n\nSome **bold**'],
  ])('should heal %j for display', (text, healed) => {
    expect(healTail(text)).toBe(healed)
  })

  it.each([
    'It costs $5 and $10.',
    'It costs $5 and',
    'a * b and 2 * 3',
    'x ~ y and 20~25',
    '- > 25',
    '| a | b |\n|---|---|\n| 1 | 2 |',
    '| a | b |\n|---|---|\n| 1 |',
    'plain **bold** and `code`.',
    'C# and a # b',
    '#hashtag',
    '```sh\n# a comment\n#',
    '- [ ] a task',
  ])('should leave complete text %j alone', (text) => {
    expect(healTail(text)).toBe(text)
  })

  it.each([
    '```js\nconst a = b ? c :d',
    '```md\n| a | b |\n|--',
    '```md\n> [!NO',
    '```md\n## ',
    '```md\n- [ ]',
    '~~~\n![alt](https://x.example/i',
    '```tex\n\\(x^',
    '````md\n```js\n```\nSome **bold',
    '> ```md\n> Some **bold',
  ])('should show code %j still arriving in a fence as written', (text) => {
    expect(healTail(text)).toBe(text)
  })

  it('should render healed while streaming and equal a full render at the end', async () => {
    const text =
      'Intro **bold words** and `code` and [a link](https://x.example).\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n$$\nx^2\n$$\n\n' +
      '## A heading\n\n- [ ] a task\n- [x] another\n\nDone ~~old~~.\n'
    const id = nextSessionId()
    const client = createClient(id)
    for (let end = 3; end < text.length; end += 3) {
      const update = await client.update(text.slice(0, end), {heal: true})
      // Never a raw `**`, `` ` `` or `](` on screen.
      expect(update.html).not.toMatch(/\*\*|`|\]\(/)
      // Nor an empty heading, nor a task's box as its brackets.
      expect(update.html).not.toMatch(/<h2[^>]*><\/h2>|\[[ x]\]/)
    }
    const final = await client.update(text)
    expect(final.html).toBe(await fullHtml(text))
    closeSession(id)
  })

  it('should drop the healing when a stopped stream renders the same text once more', async () => {
    // Stop pressed after the last chunk was rendered: the text does not change, only the healing.
    const text = 'A reply that was cut in the middle of **bold'
    const client = createClient(nextSessionId())
    expect((await client.update(text, {heal: true})).html).toContain('<strong>bold</strong>')
    expect((await client.update(text)).html).toBe(await fullHtml(text))
  })

  it('should show a footnote reference as one while its definition has not come, and equal a full render at the end', async () => {
    const text =
      'A claim.[^1] Another, with a second note.[^note]\n\nMore prose that cites the first again.[^1]\n\n' +
      '[^1]: The first source.\n\n[^note]: The second one.\n'
    const client = createClient(nextSessionId())
    const definitions = text.indexOf('[^1]:')
    let sawSection = false
    for (let end = 4; end < text.length; end += 4) {
      const {html} = await client.update(text.slice(0, end), {heal: true})
      const complete = text.slice(0, end).match(/\[\^(?:1|note)\](?!:)/g) ?? []
      // Every complete reference shows as a numbered link, never as its brackets.
      expect(html).not.toMatch(/\[\^/)
      expect(html.match(/data-footnote-ref/g) ?? []).toHaveLength(complete.length)
      if (end < definitions) expect(html).not.toContain('data-footnotes')
      // Numbered as they will be: the first note 1, the second 2.
      if (complete.length >= 2) expect(html).toMatch(/fnref-note[^>]*>2</)
      sawSection ||= html.includes('The first source')
    }
    expect(sawSection).toBe(true)
    expect((await client.update(text)).html).toBe(await fullHtml(text))
  })

  it('should show a reference whose definition never came as its brackets once the stream ends', async () => {
    const text = 'Cited.[^1] And not defined.[^2]\n\n[^1]: Only the first.\n'
    const client = createClient(nextSessionId())
    const healed = await client.update(text, {heal: true})
    expect(healed.html.match(/data-footnote-ref/g)).toHaveLength(2)
    // The section holds the footnotes defined so far.
    expect(healed.html).toContain('Only the first.')
    const final = await client.update(text)
    expect(final.html).toContain('[^2]')
    expect(final.html).toBe(await fullHtml(text))
  })

  it('should heal a hostile reply of 512 KB in a small part of the watchdog bound', () => {
    // A healed reply is healed again on every append: each time must stay
    // far under the bound of the app's watchdog for a render, whatever the text.
    const size = 512 * 1024
    const texts: [string, string][] = [
      ...hostileInputs.map(({name, markdown}): [string, string] => [name, markdown()]),
      ...delimiterRuns.map(({name, markdown}): [string, string] => [name, markdown(size)]),
      // A quote of empty lines, then a formula still open; escaped brackets; open ones.
      ['quote of empty lines', `> a\n${'>\n'.repeat(size / 2)}> $\\frac{x`],
      ['escaped brackets', '[\\['.repeat(size / 3)],
      ['open link brackets', `${'['.repeat(size)}x${'](y)'.repeat(1000)}`],
    ]
    for (const [name, text] of texts) {
      const started = process.cpuUsage()
      healTail(text)
      const used = process.cpuUsage(started)
      expect((used.user + used.system) / 1000, name).toBeLessThan(1000)
    }
  })

  it('should still heal an open link in text with a few hundred brackets', () => {
    expect(healTail(`${'[a] '.repeat(200)}see [the link](https://ex`)).toBe(`${'[a] '.repeat(200)}see the link`)
  })

  it('should heal each text of a stream as it heals that text on its own', () => {
    // Healing takes a shortcut when an append only adds words: it must not
    // change what any text heals to. Each streamed text is healed as the
    // stream's next, then again after an unrelated one (no shortcut).
    const random = seeded(7)
    // biome-ignore format: the pieces read best on one line
    const pieces = ['word', 'two words', ' ', ' ', '.', ',', '*', '**', '_', '~~', '`', '$', '$$', '[', ']', '(', ')', '\\', '\n', '\n\n', '- ', '1. ', '> ', '# ', '|', ':', '!', '<b>', 'http://x.y', '```', '42', '^2', '\\frac{a}{', '}', '[^1]', '\\alpha', '\\begin{align', '\\text{a', '\\(', '\\[', 'x^', 'alp', 'ha', 'ed']
    const texts = [
      ...[1, 2, 3].flatMap((seed) => [generateReply(3000, seed, {footnotes: seed === 2}), generateMarkdown(3000, seed)]),
      ...Array.from({length: 300}, () => Array.from({length: 40}, () => pieces[Math.floor(random() * pieces.length)]!).join('')),
    ]
    let checked = 0
    for (const text of texts) {
      for (let end = 1; end <= text.length; end += 1 + Math.floor(random() * 6)) {
        const prefix = text.slice(0, end)
        const streamed = healTail(prefix)
        healTail('')
        expect(streamed, JSON.stringify(prefix)).toBe(healTail(prefix))
        checked++
      }
    }
    expect(checked).toBeGreaterThan(10_000)
  })
})

/** A small seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}
