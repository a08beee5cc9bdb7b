import {describe, expect, it} from 'vitest'
import {scanBlocks} from '../../../workers/incremental/block-scanner.ts'
import {chunks, expectSameAsFull} from './session-helpers.ts'

const matter = '---\ntitle: Notes\n\nlist:\n  - a\n  - b\n---\n'

describe('front matter in a render session', () => {
  it('should be the first block, blank lines and all, with the next line starting a block', () => {
    const text = `${matter}# Heading\n\n- item\n`
    const starts = scanBlocks(text).blocks.map((block) => text.slice(block.start, block.end))
    expect(starts).toEqual([matter, '# Heading\n\n', '- item\n'])
  })

  it('should leave out of its block an indented line right after it, which may cite a definition', async () => {
    // The front matter's block renders after no context: a line after it
    // that starts with a space is not a boundary elsewhere, yet here it is.
    for (const after of ['', '\n']) {
      const text = `---\n---\n${after} [ref]\n\n[ref]: /x\n`
      expect(scanBlocks(text).blocks.map((block) => text.slice(block.start, block.end))).toEqual([`---\n---\n${after}`, ' [ref]\n\n', '[ref]: /x\n'])
      await expectSameAsFull(chunks(text, 1))
    }
  })

  it('should equal a full render while it streams in, before and after its closing line', async () => {
    const text = `${matter}\n- item\n\n[ref]\n\n[ref]: https://x.example\n\n---\ntitle: a rule and a heading, not front matter\n---\n`
    await expectSameAsFull(chunks(text, 3))
  })

  it('should equal a full render when its opening or closing line is edited away and back', async () => {
    const text = `${matter}\n> [!NOTE]\n> Body :tada:\n\n- item\n`
    await expectSameAsFull([text, text.slice(1), text, text.replace('---\n\n', '--\n\n'), text, `text\n\n${text}`, text])
  })

  it('should not read a block that starts with `---` past the first as front matter, for its definitions either', async () => {
    // The open `$$` takes in the rest, the definition too, so `[^n]` stays text.
    const text = '\n---\n[^n]\n$$\n---'
    await expectSameAsFull([text, `${text}\n\n[^n]: a note`])
  })
})
