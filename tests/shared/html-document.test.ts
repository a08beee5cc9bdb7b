import type {Root} from 'hast'
import {describe, expect, test} from 'vitest'
import {hastToDocument, titleOf} from '../../shared/html-document.ts'
import {markdownToHast} from '../../workers/pipeline.ts'

const paragraph: Root = {
  type: 'root',
  children: [{type: 'element', tagName: 'p', properties: {}, children: [{type: 'text', value: 'Hi'}]}],
}

describe('hastToDocument', () => {
  test('should wrap the body in a complete document', () => {
    expect(hastToDocument(paragraph, {title: 'T', css: 'p { color: red }'})).toBe(
      [
        '<!doctype html>',
        '<html>',
        '<head>',
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<title>T</title>',
        '<style>p { color: red }</style>',
        '</head>',
        '<body>',
        '<article class="markdown-body">',
        '<p>Hi</p>',
        '</article>',
        '</body>',
        '</html>',
        '',
      ].join('\n'),
    )
  })

  test('should escape the title and keep CSS as it is', () => {
    const html = hastToDocument(paragraph, {title: '</title><script>x</script> & co', css: 'a > b { content: "&" }'})
    expect(html).toContain('<title>&#x3C;/title>&#x3C;script>x&#x3C;/script> &#x26; co</title>')
    expect(html).toContain('<style>a > b { content: "&" }</style>')
  })

  test('should refuse CSS that would close the style element', () => {
    expect(() => hastToDocument(paragraph, {title: 'T', css: '</STYLE><script>'})).toThrow('Expected `css` without `</style`')
  })
})

describe('titleOf', () => {
  test('should use the text of the first h1, wherever it is', async () => {
    const {hast} = await markdownToHast('Intro\n\n## Not this\n\n>  # The  *real*\n>  title\n\n# Second\n')
    expect(titleOf(hast)).toBe('The real')
  })

  test('should show math in a title as its TeX source', async () => {
    const {hast} = await markdownToHast('# Euler: $e^{i\\pi}$ and more')
    expect(titleOf(hast)).toBe('Euler: e^{i\\pi} and more')
  })

  test("should prefer the front matter's title", async () => {
    expect(titleOf((await markdownToHast('---\ntitle: "Trip  notes"\ndate: 2026-01-02\n---\n# Heading\n')).hast)).toBe('Trip notes')
    // No title key, or one that is not text: the h1.
    expect(titleOf((await markdownToHast('---\nauthor: Ana\n---\n# Heading\n')).hast)).toBe('Heading')
    expect(titleOf((await markdownToHast('---\ntitle: [a, b]\n---\n# Heading\n')).hast)).toBe('Heading')
    // A table of the document's own is not front matter.
    expect(titleOf((await markdownToHast('| title |\n|---|\n| Cell |\n\n# Heading\n')).hast)).toBe('Heading')
  })

  test('should fall back to Untitled without a usable h1', async () => {
    expect(titleOf((await markdownToHast('## Only h2\n')).hast)).toBe('Untitled')
    expect(titleOf((await markdownToHast('#\n\ntext\n')).hast)).toBe('Untitled')
  })
})
