import {describe, expect, test} from 'vitest'
import {decodeMarkdown} from '../../cli/input.ts'

const bytes = (...parts: Array<string | number[]>) => Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part)] : part)))

describe('decodeMarkdown', () => {
  test('should decode UTF-8 and drop a leading BOM', () => {
    expect(decodeMarkdown(bytes('# Café ✓'), 'a.md')).toEqual({text: '# Café ✓'})
    expect(decodeMarkdown(bytes([0xef, 0xbb, 0xbf], '# x'), 'a.md')).toEqual({text: '# x'})
    expect(decodeMarkdown(new Uint8Array(), 'a.md')).toEqual({text: ''})
  })

  test('should refuse bytes with NUL as binary, UTF-16 included', () => {
    expect(decodeMarkdown(bytes([0xff, 0xfe, 0x23, 0]), 'u16.md')).toEqual({
      error: 'u16.md: looks like a binary file (NUL byte at offset 3); expected UTF-8 markdown',
    })
  })

  test('should point at the first invalid byte and its line', () => {
    expect(decodeMarkdown(bytes('ok\nna', [0xef], 've'), 'a.md')).toEqual({
      error: 'a.md: invalid UTF-8 at byte 5 (line 2); expected UTF-8 markdown',
    })
    // A lead byte whose continuation never comes, mid-text and at the very end.
    expect(decodeMarkdown(bytes('a', [0xc3], '('), 'a.md')).toMatchObject({error: expect.stringContaining('byte 1 (line 1)')})
    expect(decodeMarkdown(bytes('ab\n', [0xe2, 0x9c]), 'a.md')).toMatchObject({error: expect.stringContaining('byte 3 (line 2)')})
  })

  test('should skip a real U+FFFD and a BOM when locating the invalid byte', () => {
    const input = bytes([0xef, 0xbb, 0xbf], '\uFFFD x ', [0x80])
    expect(decodeMarkdown(input, 'a.md')).toMatchObject({error: expect.stringContaining('byte 9 (line 1)')})
  })
})
