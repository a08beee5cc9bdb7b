import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {markdownToHast} from '../../../workers/pipeline.ts'

async function html(markdown: string) {
  return toHtml((await markdownToHast(markdown)).hast).replace(/ data-line-(?:start|end)="\d+"/g, '')
}

describe('emoji shortcodes', () => {
  it('should turn GitHub shortcodes into emoji in prose, headings, lists and tables', async () => {
    expect(await html('Ship it :tada: :+1: :-1: :t-rex:')).toBe('<p>Ship it 🎉 👍 👎 🦖</p>')
    expect(await html('# Done :white_check_mark:')).toContain('Done ✅')
    expect(await html('- :smile: item\n\n| a |\n|---|\n| :fire: |')).toMatch(/😄 item[\s\S]*🔥/)
  })

  it('should find a shortcode right after text that looks like one', async () => {
    expect(await html('at 10:30:smile:')).toBe('<p>at 10:30😄</p>')
  })

  it.each([
    ['unknown names', 'a :not_an_emoji: b', '<p>a :not_an_emoji: b</p>'],
    ['code spans', '`:tada:`', '<p><code>:tada:</code></p>'],
    ['times and ratios', 'at 10:30 and 1:2', '<p>at 10:30 and 1:2</p>'],
    ['bare links', 'https://x.example/:tada:/', '<p><a href="https://x.example/:tada:/">https://x.example/:tada:/</a></p>'],
    ['inherited names', ':constructor: :toString:', '<p>:constructor: :toString:</p>'],
  ])('should leave %s alone', async (_, source, expected) => {
    expect(await html(source)).toBe(expected)
  })

  it('should leave fenced code alone', async () => {
    expect(await html('```\n:tada:\n```')).toContain(':tada:')
  })
})
