import {describe, it} from 'vitest'
import {expectSameAsFull} from './session-helpers.ts'

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
    await expectSameAsFull([
      'A[^1] <a data-footnote-ref href="#fn-1">x</a>\n\n[^1]: n\n',
      'B <a data-footnote-ref href="#fn-1" id="b">y</a>\n\nA[^1]\n\n[^1]: n\n',
    ])
  })

  it('should not count a reference in a table cell past the header, which is dropped', async () => {
    await expectSameAsFull([
      '| a | b |\n|---|---|\n| c | d | [^1] |\n\n[^1]: a note\n',
      'Text[^2]\n\n| a | b |\n|---|---|\n| c | d | [^1] |\n\n[^1]: a note\n\nMore [^1]\n\n[^2]: two\n',
    ])
  })
})
