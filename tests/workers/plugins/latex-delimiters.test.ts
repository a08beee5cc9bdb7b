import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {markdownToHast} from '../../../workers/pipeline.ts'

async function html(markdown: string) {
  return toHtml((await markdownToHast(markdown)).hast)
}

/** What a reader sees of KaTeX's output: its TeX annotation, or `text` as typed. */
const tex = (output: string) => [...output.matchAll(/<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/g)].map((match) => match[1]!.trim())

describe('LaTeX delimiters', () => {
  it('should render \\(…\\) as inline math inside the paragraph', async () => {
    const output = await html('Area \\(\\pi r^2\\) of a disc.')
    expect(output).toMatch(/^<p[^>]*>Area <span class="katex">/)
    expect(output).not.toContain('katex-display')
    expect(tex(output)).toEqual(['\\pi r^2'])
    expect(output).toContain('</span> of a disc.</p>')
  })

  it('should render \\[…\\] alone in its paragraph as a display block, on one line or several', async () => {
    for (const source of ['\\[ \\int_0^1 f \\]', '\\[\n\\int_0^1 f\n\\]']) {
      const output = await html(source)
      expect(output).toMatch(/^<div class="math-block"[^>]*><span class="katex-display">/)
      expect(tex(output)).toEqual(['\\int_0^1 f'])
    }
  })

  it('should render \\[…\\] between lines of a paragraph in display mode', async () => {
    const output = await html('So\n\\[ x = 1 \\]\nholds.')
    expect(output).toContain('<span class="katex-display">')
    expect(output).toMatch(/^<p[^>]*>So\n/)
  })

  it('should keep TeX line breaks and escapes inside: `\\\\` is not a closer', async () => {
    const output = await html('\\[\n\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}\n\\]')
    expect(tex(output)).toEqual(['\\begin{aligned} a &#x26;= b \\\\ c &#x26;= d \\end{aligned}'])
  })

  it('should work in quotes and list items, beside $ math and ```math', async () => {
    const output = await html('> \\[\n> a = b\n> \\]\n\n- item \\(y\\) and $z$\n\n```math\nE = mc^2\n```')
    expect(tex(output)).toEqual(['a = b', 'y', 'z', 'E = mc^2'])
  })

  it.each([
    ['an index arr\\[0\\] in prose', '<p>an index arr[0] in prose</p>'],
    ['\\[not a link\\](/path)', '<p>[not a link](/path)</p>'],
    ['in the middle \\[ x \\] of a line', '<p>in the middle [ x ] of a line</p>'],
    ['an open \\( with no closer', '<p>an open ( with no closer</p>'],
    ['an open \\[ with no closer', '<p>an open [ with no closer</p>'],
    ['empty \\( \\) stays', '<p>empty ( ) stays</p>'],
    ['an escaped backslash \\\\(x) is text', '<p>an escaped backslash \\(x) is text</p>'],
    ['code `\\(x\\)` stays code', '<p>code <code>\\(x\\)</code> stays code</p>'],
    ['It costs $5 and $10.', '<p>It costs $5 and $10.</p>'],
  ])('should leave prose %j as text', async (source, expected) => {
    expect((await html(source)).replace(/ data-line-(?:start|end)="\d+"/g, '')).toBe(expected)
  })
})
