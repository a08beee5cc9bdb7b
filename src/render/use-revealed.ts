/**
 * Mount a long list of blocks a slice at a time, so that no main-thread task
 * creates more DOM than fits in a frame's budget: the first screen at once,
 * the rest in slices sized from how long the previous slice took.
 */
import {startTransition, useEffect, useLayoutEffect, useRef, useState} from 'react'

/**
 * Blocks mounted at once: less than a screen of them. The first screen's
 * layout is the main cost left in opening a long document (KaTeX formulas
 * are dear to lay out), and in the app the editor renders in the same
 * frames, so a smaller first slice keeps that task short.
 */
export const firstSliceBlocks = 8

/** Main-thread milliseconds a slice aims for; leaves room under the 50 ms long-task line. */
const sliceBudgetMs = 12

/**
 * How many of `total` blocks to mount now; grows each task until it reaches
 * `total`, and starts over from the first screen when `resetKey` changes
 * (another document). `first` is the first slice; slices grow to at most
 * `most` (the time a slice takes leaves out style and layout), one a frame
 * with `eachFrame`.
 */
export function useRevealed(
  total: number,
  resetKey?: string,
  {first = firstSliceBlocks, most = Infinity, eachFrame = false}: {first?: number; most?: number; eachFrame?: boolean} = {},
): number {
  const [state, setState] = useState(() => ({key: resetKey, count: Math.min(total, first)}))
  if (state.key !== resetKey) setState({key: resetKey, count: Math.min(total, first)})
  const revealed = state.count
  const setRevealed = (next: (count: number) => number) => setState((prev) => ({...prev, count: next(prev.count)}))
  const slice = useRef({size: first, started: 0, from: 0})

  // Time the render and commit of the slice just mounted.
  useLayoutEffect(() => {
    const current = slice.current
    if (current.started === 0) return
    const ms = performance.now() - current.started
    const added = Math.max(1, revealed - current.from)
    current.started = 0
    // Blocks per millisecond of the last slice, times the budget; at most doubling.
    current.size = Math.min(most, Math.max(4, Math.min(current.size * 2, Math.floor((added / Math.max(ms, 0.5)) * sliceBudgetMs))))
  }, [revealed, most])

  useEffect(() => {
    if (revealed >= total) return
    // A macrotask: the browser handles input between slices, and paints
    // when it gets to. In a transition, React renders the slice in pieces
    // of a few milliseconds, yielding to input and to the worker's updates;
    // only the commit is one task, which keeps long frames rare.
    //
    // With `eachFrame`, the next slice waits for the next frame too, so that
    // each is laid out in a frame of its own (timeouts may all run before
    // one frame lays out their slices together): for slices whose cost is
    // mostly layout, which the budget above does not see.
    const reveal = () => {
      slice.current.started = performance.now()
      slice.current.from = revealed
      startTransition(() => setRevealed((count) => Math.min(total, count + slice.current.size)))
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = eachFrame ? requestAnimationFrame(() => (timer = setTimeout(reveal))) : undefined
    if (!eachFrame) timer = setTimeout(reveal)
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [revealed, total, eachFrame])

  // A document that shrank needs no slicing.
  return Math.min(revealed, total)
}
