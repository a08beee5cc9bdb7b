import {describe, expect, it} from 'vitest'
import {closeSession} from '../../../workers/session/session.ts'
import {createClient, fullHtml, nextSessionId} from './session-helpers.ts'

/** Render `steps` in one session; after each, the output must equal a full render. */
async function expectSameAsFull(steps: string[]) {
  const id = nextSessionId()
  const client = createClient(id)
  for (const text of steps) expect((await client.update(text)).html, JSON.stringify(text)).toBe(await fullHtml(text))
  closeSession(id)
}

// remark-rehype numbers footnotes from the parse, before raw HTML is parsed.
describe('footnote numbering across blocks', () => {
  it('should count a reference that raw HTML takes in as text, as a full render does', async () => {
    await expectSameAsFull([
      'A <style>b[^1]</style> c[^1]\n\n[^1]: n\n',
      'A <textarea>b[^2]</textarea> c[^1]\n\n[^1]: n\n\n[^2]: m\n',
      'First <title>[^2]</title>\n\nSecond[^1] and[^2]\n\n[^1]: one\n\n[^2]: two\n',
    ])
  })

  it('should leave alone an `<a data-footnote-ref>` written as raw HTML', async () => {
    await expectSameAsFull(['A[^1] <a data-footnote-ref href="#fn-1">x</a>\n\n[^1]: n\n', 'B <a data-footnote-ref href="#fn-1" id="b">y</a>\n\nA[^1]\n\n[^1]: n\n'])
  })
})
