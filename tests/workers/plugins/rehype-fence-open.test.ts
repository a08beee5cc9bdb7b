/**
 * A mermaid fence is drawn only once closed: the worker marks an open one,
 * the same in a full render and in a session fed a token at a time.
 */
import {describe, expect, it} from 'vitest'
import {toHtml} from 'hast-util-to-html'
import {fenceClosed} from '../../../workers/plugins/rehype-fence-open.ts'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {chunks, expectSameAsFull} from '../incremental/session-helpers.ts'

const diagram = 'Before\n\n```mermaid\ngraph TD\n  A --> B\n```\n\nAfter\n'

async function html(markdown: string): Promise<string> {
  return toHtml((await markdownToHast(markdown)).hast)
}

describe('rehype-fence-open', () => {
  it('should mark a mermaid fence the text has not closed yet', async () => {
    expect(await html('```mermaid\ngraph TD\n  A --> B\n')).toContain('data-fence-open')
    expect(await html('```mermaid\ngraph TD\n``')).toContain('data-fence-open')
    expect(await html('> ```mermaid\n> graph TD\n')).toContain('data-fence-open')
  })

  it('should not mark a closed fence, or other languages', async () => {
    expect(await html(diagram)).not.toContain('data-fence-open')
    expect(await html('- ```mermaid\n  graph TD\n  ```\n')).not.toContain('data-fence-open')
    expect(await html('> ```mermaid\n> graph TD\n> ```\n')).not.toContain('data-fence-open')
    expect(await html('````mermaid\n```\n````\n')).not.toContain('data-fence-open')
    expect(await html('```js\nlet a\n')).not.toContain('data-fence-open')
  })

  it('should tell a closing fence from one too short or of the other character', () => {
    expect(fenceClosed('```mermaid\na\n```')).toBe(true)
    expect(fenceClosed('````mermaid\na\n```')).toBe(false)
    expect(fenceClosed('~~~mermaid\na\n```')).toBe(false)
    expect(fenceClosed('```mermaid')).toBe(false)
  })

  it('should give a session streamed a character at a time the full render', async () => {
    await expectSameAsFull(chunks(diagram, 1))
    await expectSameAsFull(chunks(`# Title\n\n${diagram}\n${diagram}`, 3))
  })
})
