import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {frontMatterOf} from '../../../workers/plugins/remark-front-matter.ts'

async function render(markdown: string) {
  const result = await markdownToHast(markdown)
  return {html: toHtml(result.hast).replace(/ data-line-(?:start|end)="\d+"/g, ''), messages: result.messages}
}

describe('front matter', () => {
  it('should show YAML at the top as a table: keys in the header row, values in one row', async () => {
    const {html} = await render('---\ntitle: Trip notes\ndraft: false\ntags: [a, b]\nauthor: {name: Ana}\n---\n# Heading')
    expect(html).toBe(
      '<table data-table-type="yaml-metadata">\n<thead>\n<tr>\n<th>title</th>\n<th>draft</th>\n<th>tags</th>\n<th>author</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td>Trip notes</td>\n<td>false</td>\n<td><code>["a","b"]</code></td>\n<td><code>{"name":"Ana"}</code></td>\n</tr>\n</tbody>\n</table>\n' +
        '<h1>Heading</h1>',
    )
  })

  it('should keep its source lines for the editor', async () => {
    const result = await markdownToHast('---\na: 1\nb: 2\n---\ntext')
    expect(toHtml(result.hast)).toMatch(/^<table data-table-type="yaml-metadata" data-line-start="1" data-line-end="4">/)
  })

  it('should show nothing for empty front matter', async () => {
    expect((await render('---\n---\ntext')).html).toBe('<p>text</p>')
  })

  it('should show YAML that does not parse as code, with a message', async () => {
    const {html, messages} = await render('---\n: bad: [\n---\ntext')
    expect(html).toContain('data-language="yaml"')
    expect(messages.map((message) => [message.ruleId, message.line])).toEqual([['front-matter', 1]])
  })

  it('should read a rule and a setext heading as such when not at the very top', async () => {
    const {html} = await render('text\n\n---\ntitle: x\n---\n')
    expect(html).toBe('<p>text</p>\n<hr>\n<h2>title: x</h2>')
  })

  it('should be read only when closed', async () => {
    expect((await render('---\ntitle: x\n')).html).toBe('<hr>\n<p>title: x</p>')
    expect(frontMatterOf('---\ntitle: x\n')).toBeUndefined()
    // Unclosed, it leaves the lists and quotes after the rule alone.
    expect((await render('---\n\n- item\n\n> quote')).html).toBe('<hr>\n<ul>\n<li>item</li>\n</ul>\n<blockquote>\n<p>quote</p>\n</blockquote>')
    expect(frontMatterOf('---\ntitle: x\n---  \r\nrest')).toEqual({yaml: 'title: x\n', end: 20})
  })
})
