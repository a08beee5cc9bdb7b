import {describe, expect, it} from 'vitest'
import {decodeFileText, documentNameOfFile, maxFileBytes, refuseFile} from '../../src/state/files.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('files that open', () => {
  it('should open markdown and text files up to the size limit', () => {
    expect(refuseFile({name: 'notes.md', type: '', size: 10})).toBeUndefined()
    expect(refuseFile({name: 'NOTES.MARKDOWN', type: '', size: 10})).toBeUndefined()
    expect(refuseFile({name: 'log.txt', type: 'text/plain', size: maxFileBytes})).toBeUndefined()
    expect(refuseFile({name: 'README', type: 'text/markdown', size: 10})).toBeUndefined()
  })

  it('should refuse other files and larger ones, saying why', () => {
    expect(refuseFile({name: 'photo.png', type: 'image/png', size: 10})).toMatch(/“photo.png” is not a markdown or text file/)
    expect(refuseFile({name: 'big.md', type: '', size: maxFileBytes + 1})).toMatch(/“big.md” is 5 MB; files up to 5 MB open/)
  })

  it('should decode UTF-8, without its byte-order mark, with \\n line endings', () => {
    expect(decodeFileText('a.md', bytes('\uFEFF# Café\r\n\r\nText\r'))).toEqual({text: '# Café\n\nText\n'})
  })

  it('should refuse bytes that are not text', () => {
    expect(decodeFileText('a.md', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x1a]))).toEqual({error: '“a.md” looks like a binary file, not text.'})
    expect(decodeFileText('a.md', new Uint8Array([0x48, 0xff, 0xfe, 0x41]))).toEqual({error: '“a.md” is not UTF-8 text.'})
  })

  it('should name a document after its file', () => {
    expect(documentNameOfFile('Release notes.md')).toBe('Release notes')
    expect(documentNameOfFile('a.b.markdown')).toBe('a.b')
    expect(documentNameOfFile('.md')).toBe('.md')
  })
})
