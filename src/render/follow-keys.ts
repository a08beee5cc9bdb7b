/**
 * React keys that follow a block through its edits. A block's key names its
 * render (a hash of its text), so an edited block comes under a new key,
 * and under it React would take the old block's DOM down and build the new
 * one: a long list or paragraph would mount its slices again from the
 * first, what follows its first slices gone for a few frames (a list of
 * 1,000 items showed 100 in the frames after a keystroke), and a table or
 * code block would be built again whole. Here a block that takes the place
 * of another keeps the other's React key, and React patches the DOM.
 */
import {useLayoutEffect, useMemo, useRef} from 'react'
import {footnotesKeyPrefix} from '../../workers/session-types.ts'

/** A render's block keys and the React keys they were given. */
export interface FollowedKeys {
  keys: readonly string[]
  reactKeys: readonly string[]
}

/**
 * React keys for `keys`, the blocks of a render that follows `previous`.
 * The blocks the two share at the start and at the end keep theirs; in
 * between, the changed blocks, each new block takes the React key of the
 * old block at its place (the footnotes section only that of the old
 * footnotes section). So the block an edit changed keeps its key, and so
 * does the last block while a reply streams into it; one split in two
 * keeps it in its first half. A React key is never given twice: a block
 * whose own key is another's React key already (one that followed a block
 * of this text) gets a key made of it.
 */
export function followKeys(previous: FollowedKeys | undefined, keys: readonly string[]): FollowedKeys {
  if (!previous) return {keys, reactKeys: keys}
  // The same render again (the view re-rendered for something else): nothing to follow.
  if (previous.keys === keys) return previous
  const old = previous.keys
  let head = 0
  while (head < keys.length && head < old.length && keys[head] === old[head]) head++
  let tail = 0
  while (tail < keys.length - head && tail < old.length - head && keys[keys.length - 1 - tail] === old[old.length - 1 - tail]) tail++
  const reactKeys: string[] = new Array(keys.length)
  const used = new Set<string>()
  const keep = (index: number, reactKey: string) => {
    reactKeys[index] = reactKey
    used.add(reactKey)
  }
  for (let index = 0; index < head; index++) keep(index, previous.reactKeys[index]!)
  for (let index = 0; index < tail; index++) keep(keys.length - 1 - index, previous.reactKeys[old.length - 1 - index]!)
  // The changed middle: each kind of block takes the old keys of its kind, in order.
  const places = {blocks: [] as string[], notes: [] as string[]}
  for (let index = head; index < old.length - tail; index++) (isNotes(old[index]!) ? places.notes : places.blocks).push(previous.reactKeys[index]!)
  const taken = {blocks: 0, notes: 0}
  for (let index = head; index < keys.length - tail; index++) {
    const kind = isNotes(keys[index]!) ? 'notes' : 'blocks'
    const inherited = places[kind][taken[kind]++]
    const own = keys[index]!
    // Old React keys are unique, and each is inherited once; a block's own
    // key may be another's React key already.
    keep(index, inherited ?? (used.has(own) ? `${own}~follow${index}` : own))
  }
  return {keys, reactKeys}
}

function isNotes(key: string): boolean {
  return key.startsWith(footnotesKeyPrefix)
}

/**
 * The React keys of a blocks view's `keys`, following the ones it last
 * committed (see `followKeys`); a new session starts afresh.
 */
export function useFollowedKeys(sessionId: string | undefined, keys: readonly string[]): readonly string[] {
  const committed = useRef<{sessionId: string | undefined; followed: FollowedKeys}>(undefined)
  const current = committed.current
  const last = current && current.sessionId === sessionId ? current.followed : undefined
  const followed = useMemo(() => followKeys(last, keys), [last, keys])
  useLayoutEffect(() => {
    committed.current = {sessionId, followed}
  })
  return followed.reactKeys
}
