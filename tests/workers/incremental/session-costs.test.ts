/**
 * Render sessions: what an edit or an append renders again stays
 * proportional to the change, not to the document, and still equals a full
 * render.
 */
import {describe, expect, it} from 'vitest'
import {closeSession, renderSession} from '../../../workers/session/session.ts'
import {chunks, createClient, expectSameAsFull, fullHtml, nextSessionId, tokenizedDuring} from './session-helpers.ts'

describe('render session: costs that must not grow with the document', () => {
  const footnoted = (count: number) =>
    Array.from({length: count}, (_, index) => `Claim ${index}.[^n${index}]\n\n[^n${index}]: Source *${index}*.`).join('\n\n') + '\n\n'

  it('should put the footnotes inside raw HTML left open at the end, without rendering the whole document', async () => {
    const text = footnoted(20) + '<details>\n<summary>More</summary>\n\nInside *markdown*[^n3] and more.\n\n</details>\n\nAfter.\n'
    const id = nextSessionId()
    const client = createClient(id)
    const first = text.indexOf('<details>')
    await client.update(text.slice(0, first))
    for (const step of chunks(text.slice(first), 9)) {
      const update = await client.update(text.slice(0, first) + step)
      expect(update.html, JSON.stringify(step)).toBe(await fullHtml(text.slice(0, first) + step))
      // A whole-document render would send the document as one block.
      expect(
        update.order.some(({id}) => id === 'whole'),
        JSON.stringify(step),
      ).toBe(false)
      expect(update.rendered, JSON.stringify(step)).toBeLessThanOrEqual(3)
    }
    closeSession(id)
  })

  it('should stream a code block holding < at the end of a document with footnotes one render per append', async () => {
    const head = footnoted(5)
    const code = '```java\npublic static int size(List<String> items) {\n    return items.stream().mapToInt(s -> s.length()).sum();\n}\n```\n'
    const id = nextSessionId()
    const client = createClient(id)
    await client.update(head)
    const counts: number[] = []
    for (const step of chunks(code, 10)) {
      const update = await client.update(head + step)
      expect(update.html, JSON.stringify(step)).toBe(await fullHtml(head + step))
      expect(
        update.order.some(({id}) => id === 'whole'),
        JSON.stringify(step),
      ).toBe(false)
      counts.push(update.rendered)
    }
    // One guess may be wrong, when the first '<' comes (the sentinel lands in
    // the fence, so no slot was needed); otherwise one render each.
    expect(counts.filter((count) => count > 1).length, counts.join(',')).toBeLessThanOrEqual(1)
    expect(
      counts.every((count) => count <= 2),
      counts.join(','),
    ).toBe(true)
    closeSession(id)
  })

  it('should find raw HTML left open by the last block even where the block scanner does not see it', async () => {
    // An HTML block line that the scanner takes for closed leaves <b> open.
    await expectSameAsFull(chunks('twice[^a]\n\n[^a]: Note.\n\n</div>`code <b>` plain words\n\nMore.\n', 4))
  })

  it('should render again a list whose unclosed math takes in the blank lines that follow', async () => {
    await expectSameAsFull(['- $$- item', '- $$- item\n\n', '- $$- item\n\n\n-->\n'])
  })

  it('should end a list holding unclosed math or code where a full render does: before a quote, a footnote definition, or a paragraph after being last', async () => {
    // The list ends a line later before a container than before a paragraph.
    await expectSameAsFull(['- $$\n\n[^b]: Footnote b\n    continued [ref].\nplain words\n- interrupting list\n'])
    await expectSameAsFull(['a\n\n- ```\n\n> q\n\nafter\n'])
    // The next block turns into a quote, then back: the list renders again each time.
    await expectSameAsFull(['- $$\n\nq\n', '- $$\n\n> q\n', '- $$\n\nq\n'])
    // The same list stops being the last block: it renders again, and the main thread must get it.
    await expectSameAsFull(['- $$\n\n', '- $$\n\npara\n'])
    await expectSameAsFull(['- ```\n\n', '- ```\n\npara\n'])
    // The last block holds a comment (a slot for the footnotes section): the
    // blank line before the slot's sentinel must not lengthen the list.
    await expectSameAsFull(chunks('<!-- short -->\n[^b]: Footnote b\n    continued [ref].\n- ```js\nunclosed code in a list\n', 1))
    // Found by the property test: from a paragraph to a list before a footnote definition.
    await expectSameAsFull([
      '\n\n$$\n\n[^b]: Footnote b\n    continued [ref].\nplain words\n- interrupting list\n',
      '- $$\n\n[^b]: Footnote b\n    continued [ref].\nplain words\n- interrupting list\n',
    ])
  })

  it('should read an empty list item in a quote after indented code as a full render does', async () => {
    // Found by the property test: `> *` there is a quote of a paragraph, not of an empty list.
    await expectSameAsFull(chunks('    indented code\n\n> *open em plain words\n> *open em plain words\n- item\n', 1))
    await expectSameAsFull(['    code\n\n>> 1.\n', '    code\n\n> -\n\npara\n'])
  })

  it('should render the document as without a section when open raw HTML ends a document whose footnotes are never referenced', async () => {
    await expectSameAsFull(chunks('[^a]: Unused note.\n\n<b>open\n\n<details>\n<summary>S</summary>\n\ntext\n', 5))
  })

  it('should re-render one footnote of a long footnotes section when its definition changes', async () => {
    const client = createClient(nextSessionId())
    const text = footnoted(60)
    expect((await client.update(text)).html).toBe(await fullHtml(text))
    // Raw HTML is not plain prose: that footnote renders through the pipeline.
    const edited = text.replace('Source *30*.', 'Source *30*, revised: <kbd>r</kbd>.')
    const update = await client.update(edited)
    // The block holding the definition, and that one footnote in the section.
    expect(update.rendered).toBe(2)
    expect(update.html).toBe(await fullHtml(edited))
  })

  it('should render a footnote whose one-line definition is plain prose without the pipeline, as it streams in', async () => {
    const head = footnoted(3) + 'Claim.[^late] And again.[^late]\n\n'
    const definition = '[^late]: Plain words, *emphasis* and `code`, all of it prose that renders alone.\n'
    const client = createClient(nextSessionId())
    const counts: number[] = []
    for (const step of chunks(definition, 4)) {
      const update = await client.update(head + step)
      expect(update.html, JSON.stringify(step)).toBe(await fullHtml(head + step))
      counts.push(update.rendered)
    }
    // The block itself renders without the pipeline too (it renders as
    // nothing in place): one render an append, not two, once the
    // footnote's first words have been rendered through the pipeline once.
    expect(
      counts.slice(3).every((count) => count <= 1),
      counts.join(','),
    ).toBe(true)
  })

  it('should number backreferences for the footnote number when footnotes are reordered', async () => {
    const text = 'A[^x] b[^y] c[^y].\n\n[^x]: X.\n\n[^y]: Y.\n'
    await expectSameAsFull([text, text.replace('A[^x] b[^y]', 'A[^y] b[^x]'), text])
  })

  it('should keep the order before a block that a new definition changes', async () => {
    const client = createClient(nextSessionId())
    const text = Array.from({length: 40}, (_, index) => `Paragraph ${index}.`).join('\n\n') + '\n\nSee [late].\n\n'
    await client.update(text)
    const update = await client.update(text + '[late]: https://late.example\n')
    // The rescan starts at the block the text was appended to (its first
    // line is as before, so its start is too); the blocks before keep their order.
    expect(update.orderStart).toBe(40)
    expect(update.rendered).toBe(2)
    expect(update.html).toBe(await fullHtml(text + '[late]: https://late.example\n'))
  })

  it('should not render a finished block again when the next one starts, unless it could stay open', async () => {
    const client = createClient(nextSessionId())
    const paragraph = 'A paragraph with *emphasis* and a [link](https://x.example).'
    await client.update(paragraph)
    // The paragraph gains its blank line and a next block: only that one renders.
    const next = await client.update(paragraph + '\n\nNext')
    expect(next.rendered).toBe(1)
    expect(next.html).toBe(await fullHtml(paragraph + '\n\nNext'))
    // A fence could be left open (the scanner and the parser might disagree
    // on where it ends): that block is checked again.
    const fence = 'Text.\n\n```js\nlet x = 1\n```'
    await client.update(fence)
    const after = await client.update(fence + '\n\nNext')
    expect(after.rendered).toBe(2)
    expect(after.html).toBe(await fullHtml(fence + '\n\nNext'))
  })

  it('should not render again a streamed code block that its closing fence ended', async () => {
    // The code as it streams, and whether it ends closed by a fence.
    const blocks: Array<[string, boolean]> = [
      ['```js\nlet x = 1\n\nlet y = 2\n```', true],
      ['~~~~python\nprint("~~")\n~~~~~  ', true],
      ['```sh\n```', true],
      // A fence line with an info string does not close.
      ['```ts\nconst a = 1\n```ts', false],
      ['```ts\nconst a = 1\n``` x\nmore', false],
      // Fewer characters than the opening fence: still code.
      ['````md\n# doc\n```', false],
    ]
    for (const [code, closes] of blocks) {
      const head = 'Text.\n\n'
      const id = nextSessionId()
      const client = createClient(id)
      await client.update(head)
      // Grown a few characters at a time, as a reply streams.
      for (const step of chunks(code, 3)) {
        const update = await client.update(head + step)
        expect(update.html, JSON.stringify(step)).toBe(await fullHtml(head + step))
      }
      const next = await client.update(head + code + '\n\nNext')
      expect(next.html).toBe(await fullHtml(head + code + '\n\nNext'))
      // Closed, only the next block renders; unclosed code takes it in
      // (a wrong closing fence would have shown in the HTML above).
      if (closes) expect(next.rendered, JSON.stringify(code)).toBe(1)
      closeSession(id)
    }
  })

  it('should not highlight a streamed code block again when its closing fence comes after its last line', async () => {
    const lines = Array.from({length: 40}, (_, index) => `  total += items[${index}].size() * ${index}; // line ${index}`)
    const code = ['```cpp', 'int total = 0;', ...lines, 'return total;'].join('\n') + '\n'
    const head = 'Text.\n\n'
    const id = nextSessionId()
    const client = createClient(id)
    // A line at a time, as a reply streams; the last one's line ending comes with the start of the closing fence.
    for (let end = code.indexOf('\n') + 1; end < code.length; end = code.indexOf('\n', end) + 1) await client.update(head + code.slice(0, end))
    await client.update(head + code + '``')
    let closed: Awaited<ReturnType<typeof client.update>> | undefined
    const tokenized = await tokenizedDuring(async () => (closed = await client.update(head + code + '```\n\n')))
    closeSession(id)
    expect(closed!.html).toBe(await fullHtml(head + code + '```\n\n'))
    expect(tokenized).toBe(0)
  })

  it('should tokenize each line of streamed code once when appends end with a line ending', async () => {
    const lines = Array.from({length: 30}, (_, index) => `  total += items[${index}].size() * ${index};`)
    const code = lines.join('\n') + '\n'
    const head = 'Text.\n\n```cpp\n'
    const id = nextSessionId()
    const client = createClient(id)
    await client.update(head)
    // A line at a time, as a model often sends code: each append ends with a line ending.
    let last: Awaited<ReturnType<typeof client.update>> | undefined
    const tokenized = await tokenizedDuring(async () => {
      for (let end = code.indexOf('\n') + 1; end > 0; end = code.indexOf('\n', end) + 1) last = await client.update(head + code.slice(0, end))
    })
    closeSession(id)
    expect(last!.html).toBe(await fullHtml(head + code))
    expect(tokenized).toBeLessThanOrEqual(code.length)
  })

  it('should keep highlighted blocks cached while a long code block streams in', async () => {
    const {markdownToHast} = await import('../../../workers/pipeline.ts')
    const finished = '```python\ndef area(r):\n    return 3.14159 * r * r\n```\n'
    await markdownToHast(finished)
    // Code in short appends: each append's code is new, and all of them
    // together would take up more than the cache if each were kept.
    const lines = Array.from({length: 300}, (_, index) => `    total = total + compute(${index}, "item")`)
    const streamed = '```python\n' + lines.join('\n') + '\n```\n'
    const id = nextSessionId()
    let version = 0
    for (const step of chunks(streamed, 24)) await renderSession(id, step, ++version)
    closeSession(id)
    expect(await tokenizedDuring(() => markdownToHast(finished))).toBe(0)
  })

  it('should place only the edited block of a long document, keeping the rest of the order', async () => {
    const client = createClient(nextSessionId())
    const text =
      Array.from({length: 200}, (_, index) => `Paragraph ${index} cites[^n${index % 7}] *here*.`).join('\n\n') +
      '\n\n' +
      Array.from({length: 7}, (_, index) => `[^n${index}]: Note ${index}.`).join('\n\n') +
      '\n'
    await client.update(text)
    const edited = text.replace('Paragraph 100 ', 'Paragraph 100 edited ')
    const update = await client.update(edited)
    expect(update.rendered).toBe(1)
    expect(update.order.length).toBeLessThanOrEqual(2)
    // Paragraphs 101 to 199 and the footnotes section.
    expect(update.orderKeep).toBe(100)
    expect(update.html).toBe(await fullHtml(edited))
    // Edits that move later lines, or renumber later footnotes, place the rest again.
    const moved = edited.replace('Paragraph 100 edited ', 'Paragraph 100\nedited ')
    expect((await client.update(moved)).html).toBe(await fullHtml(moved))
    const renumbered = moved.replace('Paragraph 50 cites[^n1]', 'Paragraph 50 cites[^n6]')
    expect((await client.update(renumbered)).html).toBe(await fullHtml(renumbered))
    expect((await client.update(text)).html).toBe(await fullHtml(text))
  })

  it('should keep block renders across a whole-document fallback', async () => {
    const client = createClient(nextSessionId())
    const text = Array.from({length: 30}, (_, index) => `Paragraph ${index}.`).join('\n\n') + '\n\n'
    await client.update(text)
    // A footnote whose definition references another one is rendered whole.
    const complex = text + 'Ref[^a].\n\n[^a]: See[^b].\n\n[^b]: B.\n'
    expect((await client.update(complex)).html).toBe(await fullHtml(complex))
    const simple = text + 'Ref.\n'
    const update = await client.update(simple)
    expect(update.rendered).toBeLessThanOrEqual(2)
    expect(update.html).toBe(await fullHtml(simple))
  })
})
