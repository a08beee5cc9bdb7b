import {toHtml} from 'hast-util-to-html'
import {visit} from 'unist-util-visit'
import katex from 'katex'
import {describe, expect, it, vi} from 'vitest'
import {markdownToHast} from '../../workers/pipeline.ts'

async function html(markdown: string) {
  return toHtml((await markdownToHast(markdown)).hast)
}

describe('CommonMark and GFM', () => {
  it('should support a table with alignment (GFM)', async () => {
    const output = await html('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |')
    expect(output).toContain('<th align="left">a</th>')
    expect(output).toContain('<th align="center">b</th>')
    expect(output).toContain('<td align="right">3</td>')
  })

  it('should render task lists with disabled checkboxes (GFM)', async () => {
    const output = await html('- [x] done\n- [ ] todo')
    expect(output).toContain('<input type="checkbox" checked disabled> done')
    expect(output).toContain('<input type="checkbox" disabled> todo')
  })

  it('should support strikethrough (GFM)', async () => {
    expect(await html('~~gone~~ and ~one~')).toContain('<del>gone</del> and <del>one</del>')
  })

  it('should number footnotes in order of reference, with back-references and prefixed ids', async () => {
    const output = await html('B[^b] then A[^a].\n\n[^a]: Alpha.\n[^b]: Beta.')
    expect(output).toContain('<a href="#user-content-fn-b" id="user-content-fnref-b" data-footnote-ref')
    expect(output).toMatch(/fnref-b"[^>]*>1<\/a>/)
    expect(output).toMatch(/fnref-a"[^>]*>2<\/a>/)
    expect(output).toContain('<li id="user-content-fn-b">\n<p>Beta. <a href="#user-content-fnref-b" data-footnote-backref')
    expect(output.indexOf('Beta.')).toBeLessThan(output.indexOf('Alpha.'))
  })

  it('should detect bare links: www, https and e-mail (GFM)', async () => {
    const output = await html('See www.example.com, https://example.org/x and me@example.net.')
    expect(output).toContain('<a href="http://www.example.com">www.example.com</a>')
    expect(output).toContain('<a href="https://example.org/x">https://example.org/x</a>')
    expect(output).toContain('<a href="mailto:me@example.net">me@example.net</a>')
  })

  it('should give every top-level block its source lines', async () => {
    const output = await html('# Title\n\npara\ngraph\n\n```js\nx\n```\n\n$$\na\n$$\n\n> quote')
    expect(output).toContain('<h1 data-line-start="1" data-line-end="1">')
    expect(output).toContain('<p data-line-start="3" data-line-end="4">')
    expect(output).toMatch(/<pre [^>]*data-line-start="6" data-line-end="8"/)
    expect(output).toContain('<div class="math-block" data-line-start="10" data-line-end="12">')
    expect(output).toContain('<blockquote data-line-start="14" data-line-end="14">')
  })

  it('should not leave positions in the tree', async () => {
    expect(JSON.stringify((await markdownToHast('# a\n\nb *c*')).hast)).not.toContain('"position"')
  })
})

describe('math', () => {
  it('should render inline math with KaTeX', async () => {
    const output = await html('Energy $E=mc^2$ here.')
    expect(output).toContain('<span class="katex">')
    expect(output).toContain('<annotation encoding="application/x-tex">E=mc^2</annotation>')
  })

  it('should render $$ blocks and ```math fences as display math', async () => {
    for (const markdown of ['$$\n\\frac{a}{b}\n$$', '```math\n\\frac{a}{b}\n```']) {
      const output = await html(markdown)
      expect(output).toContain('<span class="katex-display">')
      expect(output).toContain('display="block"')
    }
  })

  it('should keep currency as plain text (GitHub rule)', async () => {
    for (const markdown of ['It costs $5 and $10.', 'Between $20,000 and $30,000.', 'Pay $5 or $ 6 $ later.']) {
      const output = await html(markdown)
      expect(output).not.toContain('katex')
      expect(output).toContain('$')
    }
  })

  it('should not treat a dollar followed or preceded by a space as a delimiter', async () => {
    expect(await html('a $ b $ c')).not.toContain('katex')
    expect(await html('a $b $ c')).not.toContain('katex')
    expect(await html('a $b$1 c')).not.toContain('katex')
    expect(await html('a $b$, c')).toContain('katex')
  })

  it('should let the first dollar after an opener decide, as Pandoc does', async () => {
    const output = await html('Pay $5 or $x$ now.')
    expect(output).toMatch(/^<p[^>]*>Pay \$5 or <span class="katex">/)
    expect(output).toContain('<annotation encoding="application/x-tex">x</annotation>')
    expect(output).not.toContain('katex-error')
  })

  it('should keep an escaped dollar inside inline math', async () => {
    expect(await html('cost $a\\$b$ here')).toContain('<annotation encoding="application/x-tex">a\\$b</annotation>')
  })

  it('should render a broken formula in place as a visible error and keep rendering', async () => {
    const result = await markdownToHast('before\n\n$\\frac{a$ broken\n\nafter **bold**')
    const output = toHtml(result.hast)
    expect(output).toContain('class="katex-error"')
    expect(output).toContain('<strong>bold</strong>')
    expect(result.messages).toEqual([expect.objectContaining({line: 3, column: 1, ruleId: 'parseerror', reason: expect.stringContaining('KaTeX')})])
  })

  it('should bound macro expansion', async () => {
    const bomb =
      '$$\n\\def\\a{\\b\\b}\\def\\b{\\c\\c}\\def\\c{\\d\\d}\\def\\d{\\e\\e}\\def\\e{\\f\\f}\\def\\f{xx}' +
      '\\def\\g{\\a\\a\\a\\a}\\def\\h{\\g\\g\\g\\g}\\h\\h\\h\n$$'
    const result = await markdownToHast(bomb)
    expect(toHtml(result.hast)).toContain('katex-error')
    expect(result.messages[0]?.reason).toMatch(/Too many expansions/)
  })

  it('should bound sizes', async () => {
    const output = await html('$\\rule{100000em}{100000em}$')
    expect(output).toContain('border-right-width:20em')
    expect(output).not.toMatch(/(width|height)(:|=")100000em/)
  })

  it('should not trust \\href, \\url or \\htmlData', async () => {
    const output = await html('$\\href{javascript:alert(1)}{x}$ $\\url{javascript:alert(2)}$ $\\htmlData{onclick=alert(3)}{y}$')
    expect(output).not.toMatch(/<a /)
    expect(output).not.toContain('data-onclick')
  })
})

describe('code', () => {
  it('should highlight code with dual themes as CSS variables', async () => {
    const output = await html('```ts\nconst x: number = 1\n```')
    expect(output).toContain('class="shiki shiki-themes github-light-default github-dark-default"')
    expect(output).toContain('data-language="ts"')
    expect(output).toMatch(/<span style="--shiki-light:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}">const<\/span>/)
  })

  it.each([
    ['js', 'javascript'],
    ['py', 'python'],
    ['sh', 'shellscript'],
    ['yml', 'yaml'],
    ['c++', 'cpp'],
    ['RUST', 'rust'],
  ])('should resolve the alias `%s`', async (alias) => {
    const result = await markdownToHast('```' + alias + '\nx = 1\n```')
    expect(toHtml(result.hast)).toContain('class="shiki')
    expect(result.messages).toEqual([])
  })

  it('should leave unknown languages plain and escaped, with a message', async () => {
    const result = await markdownToHast('text\n\n```klingon\n<b>&amp;</b>\n```')
    const output = toHtml(result.hast)
    expect(output).toContain('<code class="language-klingon">&#x3C;b>&#x26;amp;&#x3C;/b>\n</code>')
    expect(result.messages).toEqual([expect.objectContaining({line: 3, ruleId: 'unknown-language'})])
  })

  it('should leave code without a language plain', async () => {
    const result = await markdownToHast('```\n<i>x</i>\n```')
    expect(toHtml(result.hast)).toBe('<pre data-line-start="1" data-line-end="3"><code>&#x3C;i>x&#x3C;/i>\n</code></pre>')
    expect(result.messages).toEqual([])
  })

  it('should leave a code block over the size threshold plain', async () => {
    const big = 'let x = 1\n'.repeat(12_000)
    const result = await markdownToHast('```js\n' + big + '```')
    const output = toHtml(result.hast)
    expect(output).not.toContain('shiki')
    expect(result.messages).toEqual([expect.objectContaining({ruleId: 'code-too-large'})])
  })

  it('should keep a hostile info string inert', async () => {
    const result = await markdownToHast('```js" onmouseover="alert(1)\nx\n```\n\n```<img src=x onerror=alert(1)>\ny\n```')
    const tags: string[] = []
    visit(result.hast, 'element', (element) => {
      tags.push(element.tagName, ...Object.keys(element.properties))
    })
    expect(tags).not.toContain('img')
    expect(tags).not.toContain('onMouseOver')
    expect(toHtml(result.hast)).not.toMatch(/<[^>]+ onmouseover=/)
  })
})

describe('raw HTML', () => {
  it('should keep GitHub’s allowlist', async () => {
    const output = await html(
      '<details open><summary>More</summary>\n\nPress <kbd>Ctrl</kbd>, H<sub>2</sub>O, x<sup>2</sup><br>next <img src="a.png" alt="A" width="10">\n\n</details>',
    )
    for (const tag of ['<details open ', '<summary>More</summary>', '<kbd>Ctrl</kbd>', '<sub>2</sub>', '<sup>2</sup>', '<br>']) {
      expect(output).toContain(tag)
    }
    expect(output).toContain('<img src="a.png" alt="A" width="10">')
  })

  it.each([
    ['<script>alert(1)</script>ok', /<script|alert/],
    ['<style>body{display:none}</style>ok', /<style|display:none/],
    ['<img src="x.png" onerror="alert(1)">', /onerror/],
    ['<a href="x" onclick="alert(1)">x</a>', /onclick/],
    ['<iframe src="https://evil.example"></iframe>ok', /<iframe/],
    ['<form action="https://evil.example"><input name="q"><button>go</button></form>', /<form|<button|action=/],
    ['<base href="https://evil.example/">', /<base/],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta/],
    ['<object data="x.swf"></object><embed src="x.swf">', /<object|<embed/],
    ['<svg><script>alert(1)</script></svg>', /<svg|alert/],
    ['<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>', /javascript|<math/],
    ['<div style="position:fixed;inset:0">x</div>', /style=/],
    ['<p id="location" name="cookie">x</p>', /id="location"|name="cookie"/],
    ['<textarea><img src=x onerror=alert(1)></textarea>', /<img|<textarea|onerror/],
  ])('should remove dangerous HTML: %s', async (markdown, forbidden) => {
    expect(await html(markdown)).not.toMatch(forbidden)
  })

  it('should prefix ids and names so they cannot clobber page globals', async () => {
    const output = await html('<a id="x" name="y">a</a>')
    expect(output).toContain('id="user-content-x"')
    expect(output).toContain('name="user-content-y"')
  })

  it('should keep rendering after broken HTML and markdown', async () => {
    const output = await html('<div><span>unclosed\n\n**bold** [x](\n\n<!-- open comment\n\nafter')
    expect(output).not.toContain('<script')
    expect(output).toContain('unclosed')
  })
})

describe('errors', () => {
  it('should throw a clear error for input that is not a string', async () => {
    await expect(markdownToHast(42 as unknown as string)).rejects.toThrow('Expected `markdown` to be a string, not `number`')
  })
})

describe('render caches (typeset math, highlighted code)', () => {
  it('should give the same output for math and code rendered again from the cache', async () => {
    const markdown = 'Inline $\\frac{a}{b_{cache}}$ here.\n\n$$\n\\sum_{cache=1}^{n} i\n$$\n\n```ts\nconst cached = 1\n```\n'
    const first = await markdownToHast(markdown)
    const firstHtml = toHtml(first.hast)
    expect(firstHtml).toContain('<span class="katex">')
    expect(firstHtml).toContain('class="katex-display"')
    expect(firstHtml).toContain('shiki')
    // Changing the first output must not leak into the next one: nodes are
    // either its own or frozen (shared with the cache, so changing them throws).
    visit(first.hast, 'text', (node) => {
      if (!Object.isFrozen(node)) node.value = 'changed'
    })
    expect(await html(markdown)).toBe(firstHtml)
  })

  it('should typeset a formula that comes again in the same render once, with the same output', async () => {
    const typeset = vi.spyOn(katex, 'renderToString')
    try {
      const formula = '$x_{again}^{2}$'
      const {hast} = await markdownToHast(`One ${formula}, two ${formula}.\n\n- three ${formula}\n`)
      expect(typeset).toHaveBeenCalledTimes(1)
      const spans = toHtml(hast).match(/<span class="katex">.*?<\/math><\/span>/g) ?? []
      expect(spans).toHaveLength(3)
      expect(new Set(spans).size).toBe(1)
      expect(await html(formula)).toContain(spans[0])
    } finally {
      typeset.mockRestore()
    }
  })

  it('should report each copy of a broken formula where it is, in order', async () => {
    const {hast, messages} = await markdownToHast('Bad $\\frac{copy}$ and $\\frac{copy}$\nand $\\frac{copy}$.')
    expect(toHtml(hast).match(/class="katex-error"/g)).toHaveLength(3)
    expect(messages.map(({line, column, ruleId}) => [line, column, ruleId])).toEqual([
      [1, 5, 'parseerror'],
      [1, 23, 'parseerror'],
      [2, 5, 'parseerror'],
    ])
  })

  it('should report a formula error every time, not only on the first render', async () => {
    for (let run = 0; run < 2; run++) {
      const {messages} = await markdownToHast('Bad $\\frac{a}$ math.')
      expect(messages.map(({ruleId}) => ruleId)).toContain('parseerror')
    }
  })
})
