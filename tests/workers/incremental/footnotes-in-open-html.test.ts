import {describe, expect, it} from 'vitest'
import {renderBlock} from '../../../workers/incremental/render-block.ts'
import {chunks, expectSameAsFull} from './session-helpers.ts'

// The last block of a document with footnotes may leave raw HTML open; the
// section then goes where the HTML parser puts it (a slot in the block).
describe('footnotes section after raw HTML left open', () => {
  it('should render a prefix that leaves an `<a />` open before the section as a full render does', async () => {
    await expectSameAsFull(chunks('Note[^1].\n\n[^1]: The note.\n\n<a />\n\n<a/><b2/>\n\n<a> f="x">\n\nafter *em*\n', 1))
  })

  it('should give no slot where the section would not render as it does alone', async () => {
    // An open `<a>`: the section's backreferences close it around them.
    expect((await renderBlock('<a />', '', false, true)).slot).toBeNull()
    // The section closes the open `<p>`, and `<b>` or `<a>` opens again in its heading.
    expect((await renderBlock('<div><p>x <b>y', '', false, true)).slot).toBeNull()
    expect((await renderBlock('<div><p>x <a>y', '', false, true)).slot).toBeNull()
    await expectSameAsFull(['[^1]: n\n\nA[^1]\n\n<div><p>x <b>y', '[^1]: n\n\nA[^1]\n\n<div><p>x <a>y'])
    // Inside an open `<div>`, the section renders as it does alone.
    expect((await renderBlock('<div>\n\n*x*', '', false, true)).slot).toEqual([0, 3])
  })

  it('should put the section before a table left open, as the HTML parser does', async () => {
    await expectSameAsFull(chunks('[^1]: n\n\nA[^1]\n\n<table>\n  <tr>\n    <td>\n      hi\n    </td>\n  </tr>\n</table>\n\n<table>\n\n<\n', 1))
    const render = await renderBlock('<table>\n\n<tr>', '', false, true)
    // The slot comes first, then the table.
    expect(render.slot).toEqual([0])
    expect(render.nodes.map((node) => (node.type === 'element' ? node.tagName : node.type))).toEqual(['p', 'table'])
  })

  it('should read the `<` of fenced code still open as code, and raw HTML after the fence as HTML', async () => {
    // Open code renders without a slot; once its fence closes, what follows may leave HTML open again.
    const code = '```html\n<div class="a">\n  <b>bold</b> if (i < n)\n</div>\n```\n<details>\n\n*in*\n'
    await expectSameAsFull(chunks(`A[^1]\n\n[^1]: n\n\n${code}`, 1))
    await expectSameAsFull(chunks('A[^1]\n\n[^1]: n\n\n~~~c\n#include <stdio.h>\n```\n<b>\n~~~\n\n<b>x\n', 1))
  })

  it('should end what the last block leaves open at the end of the text, not before a next block', async () => {
    // A line of spaces at the end of an unclosed fence in a list item is not code.
    await expectSameAsFull(chunks('A[^1]\n\n[^1]: n\n\n<div>\n\n- ```\n  bar\n  \n\n1.  foo\n\n    ```\n    bar\n  ', 1))
  })
})
