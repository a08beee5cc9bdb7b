import {describe, expect, it, vi} from 'vitest'
import {shareUrl} from '../../shared/share-link.ts'
import {offThreadFromChars, readShareHashInOrder} from '../../src/state/share-link-reader.ts'

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
