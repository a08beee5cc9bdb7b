import type {Root, RootContent} from 'hast'
import {describe, expect, it} from 'vitest'
import {generateReply} from '../../../shared/gen-reply.ts'
import {generateMarkdown} from '../../../shared/gen-samples.ts'
import {createSessionMirror} from '../../../shared/protocol.ts'
import {createSender} from '../../../shared/text-change.ts'
import {healTail} from '../../../workers/incremental/heal.ts'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {closeSession, renderSession} from '../../../workers/session/session.ts'
import {createClient, fullHtml, nextSessionId} from './session-helpers.ts'

/** Each top-level element's tag, by the line it starts on. */
function blockKinds(root: Root): Array<[unknown, string]> {
  return root.children.flatMap((node) => (node.type === 'element' ? [[node.properties.dataLineStart, node.tagName] as [unknown, string]] : []))
}

/** The text a reader sees as prose: outside code and typeset math. */
function proseTexts(node: Root | RootContent, out: string[] = []): string[] {
  if (node.type === 'text') out.push(node.value)
  if (node.type === 'element' && (node.tagName === 'code' || node.tagName === 'pre' || String(node.properties.className ?? '').includes('katex'))) return out
  if ('children' in node) for (const child of node.children) proseTexts(child, out)
  return out
}

describe('healing GitHub and chat syntax at the tail of a stream', () => {
  it.each([
    ['area \\(\\pi r', 'area \\(\\pi r \\)'],
    ['\\[\n\\int_0^1 f', '\\[\n\\int_0^1 f \\]'],
    // The closer half arrived.
    ['\\( x \\', '\\( x  \\)'],
    // An opener with nothing after it yet, and an alert marker still arriving: held back.
    ['so \\(', 'so'],
    ['> [!NO', ''],
    ['Intro\n\n> [!WARNING]\n', 'Intro\n\n'],
    ['Ship it :ta', 'Ship it'],
    // A footnote reference still arriving would show its label as text.
    ['the interface.[^2', 'the interface.'],
    ['cited[^', 'cited'],
    // An opener with nothing after it yet would show as itself.
    ['a user **', 'a user'],
    ['keeps `', 'keeps'],
    ['Intro\n\n*', 'Intro\n\n'],
    // A list item's or a quote's marker alone so far: as text after a paragraph's line, or an empty item.
    ['Steps:\n- ', 'Steps:\n'],
    ['Steps:\n1.', 'Steps:\n'],
    ['Steps:\n\n1', 'Steps:\n\n'],
    ['Intro\n\n> ', 'Intro\n\n'],
    ['[^a]: A note.\n[^b]', '[^a]: A note.\n'],
    ['A user $', 'A user'],
    ['Press <kbd>Ctrl</kbd>+<', 'Press <kbd>Ctrl</kbd>+'],
    // A link's text before its address: as remend shows `[what`; but not in code still open.
    ['see [what]', 'see what'],
    ['see `arr[0]', 'see `arr[0]`'],
    ['see ![alt]', 'see'],
    // A table's header row before its delimiter row.
    ['Intro\n\n| Option | Value |\n', 'Intro\n'],
    ['---\ntit', ''],
    ['---\ntitle: Tr', '---\ntitle: Tr\n---\n'],
    // Inline math still arriving, when it is plainly TeX: closed, its end healed.
    ['so $e^{i\\theta} =', 'so $e^{i\\theta} =$'],
    ['then $\\frac{a', 'then $\\frac{a}{}$'],
    ['done $x$ and $y^', 'done $x$ and $y$'],
    ['so $f(x) =', 'so $f(x) =$'],
    ['for every $n', 'for every $n$'],
  ])('should heal %j for display', (text, healed) => {
    expect(healTail(text, true)).toBe(healed)
  })

  it.each([
    'arr\\[0\\] and \\(x\\) closed',
    'an escaped \\[bracket',
    'code `\\(x` here',
    '> [!NOTE]\n> Body',
    'at 10:30 and :tada:',
    'cited[^2] here',
    'the **bold**',
    'see [a][b]',
    'an escaped \\[x]',
    'snake_',
    'an escaped \\[^2',
    '---\n\nA rule, then text',
    // Prices, an escaped dollar, code: not math.
    'It costs $5 and $10 for x^2',
    'Set $HOME_DIR first',
    'an escaped \\$x^2',
    'code `$x^2` here',
  ])('should leave %j alone', (text) => {
    expect(healTail(text, true)).toBe(text)
  })

  it('should only close front matter at the start of the document', () => {
    expect(healTail('---\ntitle: x')).not.toContain('title: x\n---')
  })

  it('should stream without raw syntax flashing and end equal to a full render', async () => {
    const text =
      '---\ntitle: Reply\ntags: [a, b]\n---\n\nThe area is \\(\\pi r^2\\) :tada: and\n\n\\[\n\\int_0^1 x\\,dx = \\frac{1}{2}\n\\]\n\n' +
      '> [!TIP]\n> Use **both** delimiters.\n\nDone :+1: as noted.[^note] And more.[^b2]\n\n[^note]: The *note*.\n[^b2]: Another **one**.\n'
    const id = nextSessionId()
    const client = createClient(id)
    for (let end = 2; end < text.length; end += 2) {
      const {html} = await client.update(text.slice(0, end), {heal: true})
      // Never a delimiter, an alert marker, a shortcode, a footnote's label, an
      // asterisk or front matter as text, in the footnotes section either.
      expect(html, JSON.stringify(text.slice(0, end))).not.toMatch(/\\[([\])]|\[!|:[a-z+]+:?(?=<|$)|\^[nb]|\*|<hr|title:/)
    }
    const final = await client.update(text)
    expect(final.html).toBe(await fullHtml(text))
    expect(final.html).toContain('markdown-alert-tip')
    expect(final.html).toContain('<em>note</em>')
    closeSession(id)
  })

  it('should show no raw markers, nor a block as another kind than it ends as, while generated replies and documents stream', async () => {
    const texts = [generateReply(5000, 3, {footnotes: true}), generateReply(5000, 4, {footnotes: false}), generateMarkdown(5000, 5)]
    // Emphasis, code, link and image brackets, footnote labels, math and table rows.
    const raw = /\*\*|`|\[|\]\(|\$|~~|^\s*\|/
    let checked = 0
    for (const [index, text] of texts.entries()) {
      const finalKinds = new Map(blockKinds((await markdownToHast(text)).hast))
      const id = nextSessionId()
      const mirror = createSessionMirror()
      const send = createSender()
      for (let end = 0, step = index; end < text.length; step++) {
        // Chunks of 3 to 20 characters, as a model sends them.
        end = Math.min(text.length, end + 3 + ((step * 7) % 18))
        const {text: change, version} = send(text.slice(0, end))
        mirror.apply(await renderSession(id, change, version, {heal: true}))
        const tail = JSON.stringify(text.slice(Math.max(0, end - 60), end))
        const rawText = proseTexts(mirror.hast()).find((value) => raw.test(value))
        expect(rawText, tail).toBeUndefined()
        // A list's `1`, a quote's `>` or a paragraph's `-` would show as a block of another kind.
        for (const [line, kind] of blockKinds(mirror.hast())) expect(finalKinds.get(line) ?? kind, tail).toBe(kind)
        checked++
      }
      closeSession(id)
    }
    expect(checked).toBeGreaterThan(1000)
  })
})
