import {describe, expect, it, vi} from 'vitest'
import {offThreadFromChars, readShareHashInOrder} from '../../src/state/share-link-reader.ts'
import {readShareHash, shareUrl} from '../../src/state/share-link.ts'

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

describe('share links followed in an open page', () => {
  it('should read them in order, and here when the worker cannot start', async () => {
    // Node has no `Worker`: the long link's worker fails to start, as it would in a browser without workers.
    expect(typeof Worker).toBe('undefined')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const long = Array.from({length: 4_000}, (_, index) => (index * 7919).toString(36)).join(' ')
    const longHash = new URL(shareUrl('http://localhost/', long)).hash
    expect(longHash.length).toBeGreaterThan(offThreadFromChars)
    const read: (string | undefined)[] = []
    await Promise.all([
      readShareHashInOrder(longHash).then((text) => read.push(text)),
      readShareHashInOrder('#md=%%%not-lz').then((text) => read.push(text)),
      readShareHashInOrder(new URL(shareUrl('http://localhost/', '# Short')).hash).then((text) => read.push(text)),
    ])
    expect(read).toEqual([long, undefined, '# Short'])
    expect(warn).toHaveBeenCalledOnce()
    expect(String(warn.mock.calls[0]![0])).toContain('share-link worker failed')
    warn.mockRestore()
  })
})
