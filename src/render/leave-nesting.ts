/**
 * Leaving a document nested hundreds of levels deep, a few frames before the
 * next one shows: the deep levels are taken apart first, a few a frame, so
 * that the commit that mounts the next document's first screen does not
 * also remove them.
 */
import {createContext, useEffect, useLayoutEffect, useRef, useState} from 'react'
import type {RenderView} from '../state/render.ts'
import {schedule} from './mount-scheduler.ts'

/**
 * The elements at every `nestingSliceLevels`th level of nesting in a
 * preview (see `components.tsx`), mounted and not yet removed; each carries
 * its depth in `data-nesting-slice`.
 */
export const NestingSlices = createContext<Set<HTMLElement> | undefined>(undefined)

/**
 * The longest the last document stays, for a nesting whose removal would
 * take longer; what is left is removed with it, at once.
 */
const holdMaxMs = 1_000

/**
 * The view to show: `view`, but when it is another document's and the
 * preview still shows deep nesting (`slices` is not empty), the last
 * view shown, while that nesting is removed deepest first, a frame at a
 * time. Removing a nested tree costs more than linearly in its depth, so
 * removing it a few levels at a time from the bottom is cheaper than at
 * once, and keeps that cost out of the task that mounts the next
 * document's first screen. The next document shows a few frames later
 * (the preview's mounted count, and so the editor's switch, wait for it).
 *
 * Once it has started, the last document stays until its nesting is taken
 * apart, even if the view is its own again: those blocks are broken, under
 * React's feet. `generation` changes then, for a key under which the
 * blocks mount again.
 */
export function useLeavingNesting(view: RenderView, slices: Set<HTMLElement>): {view: RenderView; generation: number} {
  const shown = useRef(view)
  const [state, setState] = useState<{leaving?: RenderView; left?: RenderView; generation: number}>({generation: 0})
  const last = shown.current
  let leaving = state.leaving
  if (!leaving && last !== state.left && last.sessionId !== view.sessionId && slices.size > 0) {
    leaving = last
    setState({...state, leaving})
  }
  const current = leaving ?? view
  useLayoutEffect(() => {
    shown.current = current
  })
  useEffect(() => {
    if (!leaving) return
    const deepestFirst = [...slices].sort((a, b) => depthOf(b) - depthOf(a))
    const until = performance.now() + holdMaxMs
    // Removal is layout work in the task that removes (the boxes go with
    // the elements), so it is timed whole: a third of the frame's budget.
    return schedule((budgetMs) => {
      const start = performance.now()
      while (deepestFirst.length > 0 && performance.now() - start < budgetMs / 3) deepestFirst.shift()!.remove()
      if (deepestFirst.length > 0 && performance.now() < until) return true
      setState(({generation}) => ({left: leaving, generation: generation + 1}))
      return false
    })
  }, [leaving, slices])
  return {view: current, generation: state.generation}
}

function depthOf(element: HTMLElement): number {
  return Number(element.dataset.nestingSlice ?? 0)
}
