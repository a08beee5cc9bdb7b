/**
 * React keys that follow a block through its edits, on the keys the real
 * render session gives: an edited block, the block a reply streams into,
 * and the footnotes section keep theirs; no render gives a React key twice.
 */
import {afterEach, describe, expect, it} from 'vitest'
import {followKeys, type FollowedKeys} from '../../src/render/follow-keys.ts'
import {applyUpdate, emptyRender, type RenderView} from '../../src/state/render.ts'
import {closeSession, renderSession} from '../../workers/session.ts'
import type {SessionUpdate} from '../../workers/session-types.ts'

const sessionId = 'follow-keys'
let version = 0

afterEach(() => closeSession(sessionId))

/** Render the texts one after another in one session; each render's keys and React keys. */
async function renders(...texts: string[]): Promise<FollowedKeys[]> {
  let view: RenderView = emptyRender(sessionId)
  let followed: FollowedKeys | undefined
  const all: FollowedKeys[] = []
  for (const text of texts) {
    // Partial updates first, as the main thread takes them.
    const partials: SessionUpdate[] = []
    const result = await renderSession(sessionId, text, ++version, {}, (update) => void partials.push(update))
    for (const update of [...partials, result]) view = applyUpdate(view, update)!
    followed = followKeys(followed, view.order.map(({key}) => key))
    all.push(followed)
  }
  return all
}

const list = Array.from({length: 300}, (_, index) => `- item ${index}`).join('\n')

describe('followKeys', () => {
  it('should keep the React key of a block edited in the middle, and of every other block', async () => {
    const [before, after] = await renders(`# Title\n\n${list}\n\nAfter.`, `# Title\n\n${list.replace('item 150', 'item 150 edited')}\n\nAfter.`)
    expect(after!.keys).toHaveLength(3)
    // The list has a new key, and its old React key.
    expect(after!.keys[1]).not.toBe(before!.keys[1])
    expect(after!.reactKeys).toEqual(before!.reactKeys)
  })

  it('should keep it through edit after edit', async () => {
    const texts = ['one', 'two', 'three'].map((word) => `# Title\n\nA paragraph, ${word}.\n\nAfter.`)
    const all = await renders(...texts)
    expect(new Set(all.map(({keys}) => keys[1])).size).toBe(3)
    expect(all.map(({reactKeys}) => reactKeys)).toEqual([all[0]!.reactKeys, all[0]!.reactKeys, all[0]!.reactKeys])
  })

  it('should keep the React key of the block a reply streams into, and of the footnotes after it', async () => {
    const reply = 'A reply with a note[^1] and a list:\n\n- one\n- two\n- three\n\nThen more.\n\n[^1]: The note.'
    // The text as it arrives, a few characters at a time.
    const prefixes = Array.from({length: Math.ceil(reply.length / 7)}, (_, index) => reply.slice(0, (index + 1) * 7))
    const all = await renders(...prefixes)
    expect(all.at(-1)!.keys.at(-1)).toMatch(/^footnotes-/)
    // Each block kept the React key it first had, as it grew and as blocks came after it.
    const first: string[] = []
    for (const {keys, reactKeys} of all) {
      const blocks = reactKeys.filter((_, index) => !keys[index]!.startsWith('footnotes-'))
      for (const [index, reactKey] of blocks.entries()) expect(reactKey).toBe((first[index] ??= reactKey))
    }
    expect(first.length).toBeGreaterThanOrEqual(3)
    // The footnotes section kept its own from the render that first had it.
    const notes = all.filter(({keys}) => keys.at(-1)!.startsWith('footnotes-'))
    expect(new Set(notes.map(({reactKeys}) => reactKeys.at(-1))).size).toBe(1)
    expect(new Set(notes.map(({keys}) => keys.at(-1))).size).toBeGreaterThan(1)
  })

  it('should give a block inserted or split off its own key, and keep the others', () => {
    const first = followKeys(undefined, ['a', 'b', 'c'])
    expect(first.reactKeys).toEqual(['a', 'b', 'c'])
    // Inserted between unchanged blocks.
    expect(followKeys(first, ['a', 'x', 'b', 'c']).reactKeys).toEqual(['a', 'x', 'b', 'c'])
    // `b` split in two: its first half keeps its key.
    expect(followKeys(first, ['a', 'b1', 'b2', 'c']).reactKeys).toEqual(['a', 'b', 'b2', 'c'])
    // Two merged into one: it takes the first's.
    expect(followKeys(first, ['a', 'bc']).reactKeys).toEqual(['a', 'b'])
    // Deleted.
    expect(followKeys(first, ['a', 'c']).reactKeys).toEqual(['a', 'c'])
  })

  it('should never give a React key twice', () => {
    // `x` was edited into `x2` (React key `x`); now a new block of `x`'s text comes first.
    const edited = followKeys(followKeys(undefined, ['a', 'x']), ['a', 'x2'])
    expect(edited.reactKeys).toEqual(['a', 'x'])
    const next = followKeys(edited, ['x', 'a', 'x2'])
    expect(next.reactKeys.slice(1)).toEqual(['a', 'x'])
    expect(new Set(next.reactKeys).size).toBe(3)

    // Random edits: inserts, deletes, edits and moves of blocks with a few texts.
    let seed = 7
    const random = (below: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % below)
    let keys: string[] = ['a', 'b', 'c']
    let followed = followKeys(undefined, keys)
    for (let step = 0; step < 2_000; step++) {
      const next = [...keys]
      const at = random(next.length + 1)
      const operation = random(4)
      if (operation === 0) next.splice(at, 0, 'abcdefgh'[random(8)]!)
      else if (operation === 1 && next.length > 1) next.splice(at % next.length, 1)
      else if (operation === 2) next[at % next.length] = 'abcdefgh'[random(8)]!
      else next.splice(random(next.length + 1), 0, ...next.splice(at % next.length, 1))
      // The session's keys are unique in a render (`~2` for a second copy).
      const seen = new Map<string, number>()
      keys = next.map((key) => key.replace(/~.*/, '')).map((key) => {
        const copies = (seen.get(key) ?? 0) + 1
        seen.set(key, copies)
        return copies > 1 ? `${key}~${copies}` : key
      })
      followed = followKeys(followed, keys)
      expect(new Set(followed.reactKeys).size, keys.join(' ')).toBe(keys.length)
    }
  })

  it('should give the same React keys to the same render again', () => {
    const edited = followKeys(followKeys(undefined, ['a', 'b', 'c']), ['a', 'b2', 'c'])
    expect(followKeys(edited, edited.keys).reactKeys).toEqual(edited.reactKeys)
  })
})
