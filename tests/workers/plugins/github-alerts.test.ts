import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {markdownToHast} from '../../../workers/pipeline.ts'

async function html(markdown: string) {
  return toHtml((await markdownToHast(markdown)).hast).replace(/ data-line-(?:start|end)="\d+"/g, '')
}

describe('GitHub alerts', () => {
  it.each([
    ['NOTE', 'note', 'Note', 'info'],
    ['TIP', 'tip', 'Tip', 'light-bulb'],
    ['IMPORTANT', 'important', 'Important', 'report'],
    ['WARNING', 'warning', 'Warning', 'alert'],
    ['CAUTION', 'caution', 'Caution', 'stop'],
  ])('should render [!%s] as GitHub does', async (marker, kind, title, icon) => {
    const output = await html(`> [!${marker}]\n> Read *this*.`)
    expect(output).toMatch(
      new RegExp(
        `^<div class="markdown-alert markdown-alert-${kind}">\\n<p class="markdown-alert-title"><svg class="octicon octicon-${icon}" viewBox="0 0 16 16"[^>]*><path d="M[^"]+"></path></svg>${title}</p>\\n<p>Read <em>this</em>.</p>\\n</div>$`,
      ),
    )
  })

  it('should take the marker in any case, and keep later paragraphs and blocks', async () => {
    const output = await html('> [!warning]\n> First.\n>\n> - a list\n>\n> Last.')
    expect(output).toContain('<div class="markdown-alert markdown-alert-warning">')
    expect(output).toContain('<p>First.</p>')
    expect(output).toContain('<li>a list</li>')
    expect(output).toContain('<p>Last.</p>\n</div>')
  })

  it('should drop a hard break after the marker', async () => {
    expect(await html('> [!TIP]  \n> Body')).toContain('Tip</p>\n<p>Body</p>')
  })

  it.each([
    ['text after the marker', '> [!NOTE] Not alone on its line'],
    ['a marker with nothing after it', '> [!NOTE]'],
    ['an unknown kind', '> [!DANGER]\n> Nope'],
    ['a marker on a later line', '> First\n> [!NOTE]\n> x'],
    ['a quote inside a list', '- > [!NOTE]\n  > x'],
  ])('should keep a quote with %s a quote', async (_, source) => {
    const output = await html(source)
    expect(output).not.toContain('markdown-alert')
    expect(output).toContain('<blockquote>')
  })

  it('should still strip SVG written in the document', async () => {
    const output = await html('> [!NOTE]\n> <svg onload="alert(1)"><path d="M0"/></svg> text')
    expect(output).not.toMatch(/onload|<path d="M0"/)
    expect(output).toContain('markdown-alert-note')
  })
})
