import {describe, expect, it} from 'vitest'
import {scanBlocks} from '../../../workers/incremental/block-scanner.ts'
import {countLines} from '../../../workers/incremental/render-block.ts'
import {endsWithBlankLine, withoutTrailingBlankLines} from '../../../workers/incremental/text-diff.ts'
import {expectSameAsFull} from './session-helpers.ts'

// CommonMark (§2.1) ends a line at `\n`, `\r\n` or a lone `\r`.
describe('line endings', () => {
  it('should cut blocks at a blank line made of any line endings', () => {
    const text = 'a\r\rb\r\n\r\nc\n\nd'
    expect(scanBlocks(text).blocks.map(({start, end}) => text.slice(start, end))).toEqual(['a\r\r', 'b\r\n\r\n', 'c\n\n', 'd'])
  })

  it('should count `\\r\\n` as one line ending and a lone `\\r` as one', () => {
    expect(countLines('a\nb\r\nc\rd\r\r\ne')).toBe(5)
    expect(countLines('no line ending')).toBe(0)
  })

  it('should find blank lines at the end of a block whatever their line endings', () => {
    expect(endsWithBlankLine.test('a\r\n')).toBe(false)
    expect(endsWithBlankLine.test('a\r\r')).toBe(true)
    expect(endsWithBlankLine.test('a\r\n \r\n')).toBe(true)
    expect(endsWithBlankLine.test('a\n\r\n')).toBe(true)
    expect(withoutTrailingBlankLines('a\r\n\r\n')).toBe('a')
    expect(withoutTrailingBlankLines('a\r\r \n')).toBe('a')
    // Spaces before the first line ending stay; with none, nothing goes.
    expect(withoutTrailingBlankLines('a  \n \t\n')).toBe('a  ')
    expect(withoutTrailingBlankLines('a \t')).toBe('a \t')
    expect(withoutTrailingBlankLines('a\nb\n')).toBe('a\nb')
    expect(withoutTrailingBlankLines('\n\n')).toBe('')
  })

  it('should place the blocks after a lone carriage return on the lines a full render gives them', async () => {
    await expectSameAsFull(['a\r\r\nb\n\nc\n', 'a\rb\n\nc\n', 'x\n\n# \r\r\n[foo] \n\n[foo]: /url\n\nz'])
  })

  it('should keep the line numbers of a full render while text with every line ending streams in', async () => {
    const text = 'Intro\r\r```\r\ncode\r\rmore\r```\n\nAfter\r\rPara\n\n- a\r- b\r\n\r\nEnd\r'
    const steps: string[] = []
    for (let end = 1; end <= text.length; end++) steps.push(text.slice(0, end))
    await expectSameAsFull(steps)
  })
})
