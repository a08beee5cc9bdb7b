/**
 * Blocks that grow at their end, and what a render made without the
 * pipeline must equal: the tests of growing paragraphs and of plain blocks
 * share them.
 */
import type {Root} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {expect} from 'vitest'
import {createNumbering, numberReferences, patchReferences} from '../../../workers/incremental/footnotes.ts'
import {renderBlock, type BlockRender} from '../../../workers/incremental/render-block.ts'

/** Inline formulas as model replies hold them. */
export const formulas = ['$x$', '$a^2 + b^2$', '$\\alpha_i = \\frac{x_i}{\\sum_j x_j}$', '$O(n \\log n)$', '$\\mathbb{E}[X] = \\mu$', '$a`b$', '$<b>$']

export const texts = [
  'Plain words that go on and on for a while, then stop.',
  'Some *emphasis* and **strong** then more words after it and a few more.',
  'An *open emphasis that closes* much later, and **bold *nested* bold** words.',
  'A [link text](https://example.com/x) then words and a [ref] that is not defined.',
  'Code `a *b* c` then words, math $x^2 + y$ then words, and a price of $5 later $6.',
  'An email me@example.com, a www.example.com link and https://example.com/a_b words.',
  'Escapes \\*not em\\* and &amp; and &copy; and &#42; then words after them.',
  'snake_case_words and intra*word*emphasis and 2 * 3 * 4 products and a_b_c.',
  'Strike ~~gone~~ and ~single~ tildes then words.',
  'A note[^1] and words, another[^2] and more words.\n\n[^1]: One.\n\n[^2]: Two.',
  // The same footnote cited again in the piece: its reference is the block's second, not a first.
  'A note[^1] and words, again[^1] and more[^2], then a third[^1] one.\n\n[^1]: One.\n\n[^2]: Two.',
  '- item[^1] one\n- item[^1] two\n- and[^1] three\n\n[^1]: One.',
  '| a[^1] | b |\n| - | - |\n| 1[^1] | 2 |\n| 3[^1] | 4 |\n\n[^1]: One.',
  'Line one of a paragraph\nline two goes on\n   line three indented a little',
  'Hard break at the end  \nof this line and then more words, and\\\na backslash break.',
  'Words then a line\n=== and more',
  'Words then\n| a | b |\n| - | - |',
  'Words 1. not a list then - not a list either # not a heading',
  'A < b and c > d and <span>a tag</span> and <b>bold then words.',
  'Pipes a | b | c in prose and words after.',
  'Wow! Such punctuation; e.g. (a) and b] then a < b > c & d, 2 * 3 and ~50 items at $5 or $6 then words.',
  'It costs $5 and then $x^2$ follows, then `code` and *em* with words after them all.',
  '- item one with words\n- item two with *em* words and more\n  continued on a lazy line',
  '1. first item\n2. second item with words that go on',
  '- [ ] a task with words\n- [x] done task with more words',
  '- outer item\n  - inner item with words and more words',
  '- loose item\n\n- second loose item with words that go on',
  '- item\n\n  second paragraph of the item with words',
  '> quoted words that go on\n> and on with *em* words',
  '> - a list in a quote with words\n> - and more words',
  // Open fenced code: the new code is highlighted without parsing again.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: markdown that shows a template literal
  '```js\nconst a = `template\n${x}` // comment\nlet b = 2 /* open\ncomment */\n',
  '```py\ndef f():\n    """doc\n    string"""\n    return 1\n',
  '```html\n<div>\n<script>let x = 1 < 2</script>\n</div>\n',
  '```ts\n\tconst tab = 1\n\n\nafter blank lines\n  \n',
  '~~~~rust\nlet r = r#"raw"#;\n~~~ not a close\n~~~~~\nafter the close',
  '```js\nx `` inside ``` and more\n```\nafter the close',
  '```unknownlang\ncode in a language Shiki lacks\n',
  '```\nno language at all\n',
  '```js\n\nfirst line blank\nsecond\n',
  '```math\nE = mc^2 + \\frac{a}{b}\n',
  '  ```js\n  indented fence\n    more\n',
  '```js title="x.js"\nwith meta\n',
  '```js\nNUL \u0000 and CR \r\n in code\n',
  'Text with a\ttab and  double  spaces and trailing   ',
  'Ünïcödé wörds and 日本語 text and émoji 🎉 words.',
  'Bad math $x^^2$ and words, then $\\unknownmacro$ and more words after it.',
  // Cut at the previous end when the text goes on after a space.
  'Ends with `code()` then words, [a link](https://x.y) then ~~gone~~ then **strong** then $x$ then done',
  'Word *em*\u00a0nbsp and *em*\ttab and *em*  two spaces and ![img](i.png) then words',
  '- item ending *em* then words\n- next `code` item\n  lazy *em* line then words',
  '> quote *em* then\n> \n> a new paragraph *em* then\n>\n> another',
  'A line *em*\nthen a second *em* line\n\nand *em* a new paragraph',
  'Open *em then words and* closes, [open bracket then words',
  'A [ref]: then words and [^1]: then words',
  // Tables that grow by rows: the header, the delimiter and the last row on render on their own.
  '| a | b | c |\n|:--|:-:|--:|\n| 1 | *em* | `x|y` |\n| 2 | [l](u) | $x$ |\n| \\| escaped | ~~s~~ | **b** |\n| 4 | 5 | 6 |',
  '| one |\n| --- |\n| a |\nno pipes still a row\n| b | extra | cells |\n|\n| c',
  'a | b\n- | -\n1 | 2\n3 | 4\n# a heading ends it\n5 | 6',
  '| a | b |\n| - | - |\n| 1 | 2 |\n\nafter a blank line\n| x |',
  '| a | b |\n| - | - |\n| 1 | 2 |\n> a quote ends it',
  '| a | b |\n| - | - |\n| 1 | 2 |\n    indented | row\n| <b>html</b> | 3 |',
  // Plain pieces need no render, unless something in them could be markup.
  'Words and wwwexample then http words and HTTP://x.y/z and WWW.example.com then words.',
  'Mailto:me then xmpp:you (in parens) and "quotes" and 3.5/4 or 10-20, done; right?',
  'Words with\u00a0no-break spaces\u00a0 and a trailing one\u00a0',
  'Combining a\u0301 accents and wide ｗｏｒｄｓ and digits ١٢٣ then words.',
  // Lists that grow by items: the last item and the rest render on their own.
  '- one\n- two\n- three\n- four with words\n- five',
  '- one\n* star starts a new list\n* and goes on\n+ plus another',
  '1. one\n2. two\n3) paren starts a new list\n4) more',
  '9. nine\n10. ten\n11. eleven items',
  '- one\n- two\n  - nested\n  - nested two\n- three\n    - deep',
  '- one\n- two\n\n- loose from here\n- and on',
  '- one\n- [ ] a task makes the list a task list\n- [x] done',
  '- [ ] task\n- plain item in a task list\n- another',
  '- one\n- [a]: /a-definition-inside\n- uses [a] here',
  '- one\n- two\nlazy continuation line\n- three',
  '- one\n- two\n---\n- after a break',
  '- one\n- two\n  ```\n  code in an item\n  ```\n- three',
  '- one\n-\n- an empty item before',
  '> - a list in a quote\n> - with items',
]

/** The render's HTML, its footnote references numbered as the session numbers them. */
export function html(render: BlockRender): string {
  const root: Root = {type: 'root', children: patchReferences(render.nodes, numberReferences(render.footnoteRefs, createNumbering()))}
  return toHtml(root)
}

/** What a render made without the pipeline must share with the pipeline's, but for the HTML. */
export const fields = (r: BlockRender) => [r.slots, r.messages, r.footnoteRefs.length, r.closed, r.endsWithList, r.stable, r.slotted, r.hasHtml]

/** Expect `render` (made without the pipeline) to be what the pipeline makes of `text`. */
export async function expectPipelineRender(render: BlockRender, text: string, checkClosed = false, prefix = ''): Promise<void> {
  const full = await renderBlock(text, prefix, checkClosed)
  expect(html(render), JSON.stringify(text)).toBe(html(full))
  expect(fields(render), JSON.stringify(text)).toEqual(fields(full))
}
