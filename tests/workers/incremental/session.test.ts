import {describe, expect, it} from 'vitest'
import {chunks, createClient, expectSameAsFull, fullHtml, nextSessionId} from './session-helpers.ts'

describe('render session', () => {
  it('should equal a full render for a document with every feature', async () => {
    await expectSameAsFull([
      '# Title\n\nSome *text* with a [link](https://x.example).\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n```js\nlet x = 1\n```\n\n$$\nx^2\n$$\n\n> quote\n\n~~old~~ www.example.com\n',
    ])
  })

  it('should re-render only the block that changed', async () => {
    const client = createClient(nextSessionId())
    const text = Array.from({length: 50}, (_, index) => `Paragraph ${index} with *emphasis*.`).join('\n\n')
    const first = await client.update(text)
    expect(first.rendered).toBe(50)
    expect(first.blocks).toHaveLength(50)
    const edited = text.replace('Paragraph 25 ', 'Paragraph 25 edited ')
    const second = await client.update(edited)
    expect(second.rendered).toBe(1)
    expect(second.blocks).toHaveLength(1)
    expect(second.html).toBe(await fullHtml(edited))
  })

  it('should re-render only the tail when text is appended', async () => {
    const client = createClient(nextSessionId())
    const base = Array.from({length: 30}, (_, index) => `Line ${index}.`).join('\n\n')
    await client.update(base)
    const update = await client.update(base + ' More')
    expect(update.rendered).toBeLessThanOrEqual(2)
    expect(update.html).toBe(await fullHtml(base + ' More'))
  })

  it('should make a link once its reference definition arrives later', async () => {
    const text = 'See [the docs][docs] and [other].\n\nMiddle paragraph.\n\n[docs]: https://docs.example "Docs"\n'
    await expectSameAsFull(chunks(text, 7))
  })

  it('should define a label written with escapes or character references as written', async () => {
    // Decoded, `[\(x\)a]` would define `(x)a`, and `[&#32;]` no label at all.
    await expectSameAsFull(['A [\\(x\\)a] link.\n\n[\\(x\\)a]: /x\n', 'A [&#32;] link.\n\n[&#32;]: /y\n\n[b]: /z\n'])
    // A link's label may start with a caret after white space; a footnote's cannot.
    await expectSameAsFull(['[^n]: t\n[^n]', '[\n    ^n]: t\n[^n]'])
  })

  it('should make a definition of a paragraph that was a reference and a colon when text or a title follows', async () => {
    // `[ref]:` alone is a link and a colon; with more after it, a definition.
    const text = '[ref]: https://ref.example "Title"\n[ref]: https://ref.example "Title"\n    indented code\n\n[^1]: note\n\n[^1]: again *em* and more\n'
    await expectSameAsFull(chunks(text, 1))
    // Or when what follows turns into a title.
    for (const title of ["'a b'", '"a b"', '(a b)']) await expectSameAsFull(chunks(`[ref]: https://x\n\n[ref]: foo ${title}\n\n- [ref]: foo ${title}\n`, 1))
  })

  it('should re-render exactly the blocks that use a changed definition', async () => {
    const client = createClient(nextSessionId())
    const text = 'Uses [a].\n\nUses [b].\n\nNo refs.\n\n[a]: /one\n[b]: /two\n'
    await client.update(text)
    const changed = text.replace('/one', '/uno')
    const update = await client.update(changed)
    expect(update.html).toBe(await fullHtml(changed))
    // The block that uses [a], and the block holding the definitions.
    expect(update.rendered).toBe(2)
  })

  it('should let the first of duplicate definitions win across blocks', async () => {
    await expectSameAsFull(['[x]\n\n[x]: /first\n\npara\n\n[x]: /second\n', '[x]: /zero\n\n[x]\n\n[x]: /first\n'])
  })

  it('should let the first of duplicate footnote definitions win as they come, change and go', async () => {
    const end = 'See[^n] and [x].\n\n[^n]: First note.\n\n[x]: /one\n\n[^n]: Second note.\n\n[x]: /two\n\n[^m]: Other[^n].\n'
    // Streamed, then the first definitions edited away and back, then the second changed.
    const withoutFirst = end.replace('[^n]: First note.\n\n[x]: /one\n\n', '')
    await expectSameAsFull([...chunks(end, 3), withoutFirst, end, end.replace('Second note.', 'Second, changed.'), withoutFirst.replace('Second', 'Only')])
  })

  it('should number footnotes and build the section as a full render does', async () => {
    const text = 'First[^b] and[^a].\n\nAgain[^b] and [^missing].\n\n[^a]: Note A with $x$ and `code`.\n\n[^b]: Note B\n    continued.\n\nLast[^a].\n'
    await expectSameAsFull(chunks(text, 5))
  })

  it('should keep math split across a blank line in one block', async () => {
    const text = 'Intro.\n\n$$\na = b\n\nc = d\n$$\n\nAfter.\n'
    await expectSameAsFull(chunks(text, 3))
  })

  it('should keep fenced code with blank lines in one block, also while unclosed', async () => {
    const text = 'Intro.\n\n```python\ndef f():\n\n    return 1\n\n\nprint(f())\n```\n\nAfter.\n'
    await expectSameAsFull(chunks(text, 4))
  })

  it('should keep a list with blank lines between items loose, as a full render does', async () => {
    const text = '- one\n- two\n\n- three\n\n  continued\n\n1. a\n\n2. b\n\nPara\n\n- x\n'
    await expectSameAsFull(chunks(text, 3))
  })

  it('should keep HTML blocks that span blank lines together', async () => {
    const text = '<details>\n<summary>More</summary>\n\nInside *markdown*.\n\n</details>\n\n<!--\n\ncomment\n\n-->\n\nAfter.\n'
    await expectSameAsFull(chunks(text, 6))
  })

  it('should treat an unclosed inline tag as a full render does', async () => {
    await expectSameAsFull(['a <b>bold\n\nstill bold?</b>\n\nafter\n', 'a <div>\n\nx\n\n</div>\n\ny\n'])
  })

  it('should handle edits in the middle, deletions and a cleared document', async () => {
    const text = '# A\n\npara one\n\n```js\nx\n```\n\npara two[^1]\n\n[^1]: note\n'
    await expectSameAsFull([text, text.replace('one', 'ONE'), text.replace('```js\nx\n```\n\n', ''), '', text])
  })

  it('should send only blocks the main thread has not seen', async () => {
    const client = createClient(nextSessionId())
    const text = 'a\n\nb\n\nc\n'
    const first = await client.update(text)
    expect(first.blocks.map((block) => block.id)).toEqual(first.order.map((placement) => placement.id))
    const second = await client.update(text + '\nd\n')
    expect(second.blocks).toHaveLength(1)
    expect(second.total).toBe(4)
    // Only the tail of the order is sent again.
    expect(second.orderStart).toBeGreaterThanOrEqual(1)
  })
})
describe('block ids', () => {
  it('should keep a block id through edits to the block, and give a new block a new id', async () => {
    const client = createClient(nextSessionId())
    const first = await client.update('# Title\n\nOne *two*.\n\nThree.\n')
    const ids = first.order.map(({id}) => id)
    expect(new Set(ids).size).toBe(3)
    const edited = await client.update('# Title\n\nOne *two* and more.\n\nThree.\n')
    // Only the edited paragraph is sent, under the id it had.
    expect(edited.blocks.map(({id}) => id)).toEqual([ids[1]])
    const inserted = await client.update('# Title\n\nNew.\n\nOne *two* and more.\n\nThree.\n')
    const now = [...ids.slice(0, 1), ...inserted.order.map(({id}) => id)]
    expect(inserted.blocks).toHaveLength(1)
    expect(ids.every((id) => now.includes(id))).toBe(true)
    expect(new Set(now).size).toBe(4)
    expect(inserted.html).toBe(await fullHtml('# Title\n\nNew.\n\nOne *two* and more.\n\nThree.\n'))
  })

  it('should keep the id of a streamed block as it grows and once the next block starts', async () => {
    const client = createClient(nextSessionId())
    const text = 'A paragraph that streams in, word by word, with *emphasis* and `code`.\n\nNext.\n'
    await client.update(text.slice(0, 10), {heal: true})
    const [id] = client.ids()
    for (let end = 17; end < text.length; end += 7) {
      await client.update(text.slice(0, end), {heal: true})
      expect(client.ids()[0]).toBe(id)
    }
    const final = await client.update(text)
    expect(final.html).toBe(await fullHtml(text))
    expect(client.ids()).toHaveLength(2)
    expect(client.ids()[0]).toBe(id)
  })
})
