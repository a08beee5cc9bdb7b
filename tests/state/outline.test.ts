import {describe, expect, it} from 'vitest'
import {applyUpdate, noBlocks, type HeldBlocks} from '../../shared/protocol.ts'
import {headingAt, outlineOf} from '../../src/state/outline.ts'
import {closeSession, renderSession} from '../../workers/session/session.ts'

/** The blocks the preview would hold after rendering `texts` in turn in one display session. */
async function render(texts: string[]): Promise<HeldBlocks> {
  let held = noBlocks
  for (const [index, text] of texts.entries()) {
    const update = await renderSession(
      'outline',
      text,
      index + 1,
      {},
      (event) => {
        if (event.type === 'update') held = applyUpdate(held, event.update)!
      },
      'display',
    )
    held = applyUpdate(held, update)!
  }
  closeSession('outline')
  return held
}

const document = [
  '# Guide',
  '',
  'Intro with $x^2$.',
  '',
  '## Install',
  '',
  '```sh',
  '# not a heading',
  '```',
  '',
  '## Install',
  '',
  '> ## Quoted',
  '',
  '### Use `it` **well**',
  '',
  'Setext',
  '------',
  '',
].join('\n')

describe('outline', () => {
  it('should list the top-level headings with their level, text, slug and line', async () => {
    expect(outlineOf(await render([document]))).toEqual([
      {level: 1, text: 'Guide', slug: 'guide', line: 1},
      {level: 2, text: 'Install', slug: 'install', line: 5},
      {level: 2, text: 'Install', slug: 'install-1', line: 11},
      {level: 3, text: 'Use it well', slug: 'use-it-well', line: 15},
      {level: 2, text: 'Setext', slug: 'setext', line: 17},
    ])
  })

  it('should follow edits that move headings', async () => {
    const outline = outlineOf(await render([document, 'New first line\n\n' + document]))
    expect(outline.map(({line}) => line)).toEqual([3, 7, 13, 17, 19])
  })

  it('should find the heading whose section holds a line', async () => {
    const outline = outlineOf(await render([document]))
    expect([0, 1, 4, 5, 12, 16, 100].map((line) => headingAt(outline, line))).toEqual([-1, 0, 0, 1, 2, 3, 4])
  })
})
