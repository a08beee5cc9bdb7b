// rehype-raw is skipped for sources without raw HTML (see
// workers/plugins/rehype-raw-when-needed.ts). Skipping it must change nothing:
// a render session renders a block without `<` on its own, while a full render
// of the same document may go through rehype-raw because another block has HTML.
import fs from 'node:fs'
import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {createProcessor} from '../../workers/pipeline.ts'
import {generateMarkdown} from '../../scripts/gen-samples.ts'
import {hostileInputs} from '../fixtures/hostile.ts'

const whenNeeded = createProcessor()
const always = createProcessor({alwaysRaw: true})

async function html(processor: ReturnType<typeof createProcessor>, markdown: string) {
  return toHtml(await processor.run(processor.parse(markdown), markdown))
}

const named = [
  '```\n\nfirst line blank\n```',
  '~~~\n\n\ntwo blank lines\n~~~',
  '- ```\n\n  in a list\n  ```',
  '> ```\n>\n> in a quote\n> ```',
  '```\n \nspace then line feed\n```',
  '```\n\n```',
  '    indented code\n\n    after a blank line',
  '[a ![b](c) d](e) and *[a](b) [c](d)*',
  '[www.example.com](http://x) www.foo.com and a@b.co',
  '| a | b |\n| - | - |\n| 1 |',
  '- [ ] task\n- [x] done',
  'text\u0000null and &amp; &copy; &#0;',
  'line\\\nbreak and  \ntrailing spaces',
  '$$\nx\n$$\n\n```math\ny\n```',
  '$$\n\nfirst line blank\n$$',
  '$$\n\n\n',
  '```math\n\nE = mc^2\n```',
]

function withoutHtml(texts: string[]) {
  return texts.filter((text) => !text.includes('<') && !text.includes('[^'))
}

describe('skipping rehype-raw', () => {
  it('changes nothing for the named cases', async () => {
    for (const text of withoutHtml(named)) expect(await html(whenNeeded, text), text).toBe(await html(always, text))
  })

  it('changes nothing for the blocks of the benchmark samples, the feature tour and the hostile corpus', async () => {
    const documents = [generateMarkdown(100_000, 1), generateMarkdown(100_000, 2), fs.readFileSync('tests/fixtures/features.md', 'utf8')]
    const blocks = documents.flatMap((text) => [text, ...text.split(/\n\n+/)])
    for (const input of hostileInputs) {
      if (input.outcome !== 'renders') continue
      const text = input.markdown()
      if (text.length < 300_000) blocks.push(text)
    }
    const checked = withoutHtml(blocks)
    // Most blocks have no raw HTML: this is the common case being checked.
    expect(checked.length).toBeGreaterThan(1000)
    let differing = 0
    for (const text of checked) if ((await html(whenNeeded, text)) !== (await html(always, text))) differing++
    expect(differing).toBe(0)
  })
})
