import {describe, expect, it} from 'vitest'
import {readShareHash, shareUrl} from '../../shared/share-link.ts'

describe('share links', () => {
  it('should round-trip a document through the fragment', () => {
    const markdown = '# Hi\n\nÜnïcödé, emoji 🎉 and `#md=` inside.\n'
    const url = shareUrl('http://127.0.0.1:4173/app/?x=1#old', markdown)
    expect(url.startsWith('http://127.0.0.1:4173/app/#md=')).toBe(true)
    expect(readShareHash(new URL(url).hash)).toBe(markdown)
  })

  it('should ignore other fragments and corrupt payloads', () => {
    expect(readShareHash('#user-content-intro')).toBeUndefined()
    expect(readShareHash('')).toBeUndefined()
    expect(readShareHash('#md=')).toBe('')
    expect(readShareHash('#md=%%%not-lz')).toBeUndefined()
  })
})
