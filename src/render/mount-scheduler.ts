/**
 * One scheduler for everything the preview mounts, or takes apart, a little
 * at a time: a long document's blocks, a long list's items, a long
 * paragraph's chunks, the levels of deep nesting, the nesting a document
 * leaves behind, and what scrolls into view (groups of blocks, a wide
 * table's columns). A browser lays out a frame's new elements all at once,
 * so mounting thousands in one task makes a long frame however the task is
 * cut.
 *
 * Once a frame, in a task of its own after it (input and the worker's
 * messages go in between), the work waiting since before that frame runs in
 * turn until the frame's budget is spent. Each piece of work runs at most
 * once a frame, so what it mounts is laid out in a frame of its own; work
 * added meanwhile, even between the frame and its task, waits for the next
 * frame, so that what was done before it is laid out and painted first.
 *
 * Work that needs a frame to itself (the editor's switch of document,
 * whose render comes in the next frame) holds the others back, and runs in
 * the first frame task with no commit of the preview's own since the last
 * (`noteMounted`: a document's first screen from the worker, an update),
 * so that its frame lays out nothing else.
 */
import {useEffect, useRef, useState} from 'react'
import {flushSync} from 'react-dom'

/** A step of work, given the milliseconds left in the frame's budget; returns whether more is left. */
export type Work = (budgetMs: number) => boolean

/** Main-thread milliseconds a frame spends on work, leaving room in the frame for the browser's own rendering. */
export const frameBudgetMs = 12

/** Work waiting, in the order it runs. */
const queue = new Set<Work>()
/** Work waiting for a quiet frame, with the time after which it runs anyway. */
const quiet = new Map<() => void, number>()
/** Whether the preview committed since the last frame task, other than by the scheduler's work. */
let committed = false
/** Whether the scheduler's work is running. */
let running = false
let planned = false

/** Run `work` in the frames to come until it says it is done; returns the function that cancels it. */
export function schedule(work: Work): () => void {
  queue.add(work)
  plan()
  return () => queue.delete(work)
}

/**
 * Run `work` once, alone in a frame task after a frame without commits of
 * the preview's own (after `maxWaitMs` at the latest); returns the function
 * that cancels it.
 */
export function scheduleAlone(work: () => void, maxWaitMs: number): () => void {
  quiet.set(work, performance.now() + maxWaitMs)
  plan()
  return () => quiet.delete(work)
}

/** Tell the scheduler that the preview committed something (a render it did not schedule). */
export function noteMounted(): void {
  if (!running) committed = true
}

function plan(): void {
  if (planned || (queue.size === 0 && quiet.size === 0)) return
  planned = true
  requestAnimationFrame(() => {
    const due = [...queue]
    setTimeout(() => runFrame(due))
  })
}

/** The frame's task: `due` is the work that waited since before the frame. */
function runFrame(due: Work[]): void {
  planned = false
  const busy = committed
  committed = false
  running = true
  try {
    // While work waits for a frame to itself, the rest waits too: the frame it lands in lays out nothing else.
    if (quiet.size > 0) runAlone(busy)
    else runQueue(due)
  } finally {
    running = false
  }
  plan()
}

function runQueue(due: Work[]): void {
  const start = performance.now()
  let first = true
  for (const work of due) {
    // The first work of the frame gets the whole budget.
    const spent = first ? 0 : performance.now() - start
    first = false
    if (spent >= frameBudgetMs) break
    // Cancelled by work that ran before it in this frame.
    if (!queue.delete(work)) continue
    // Work with more to do goes to the back, so that one long piece does not starve the rest.
    if (work(frameBudgetMs - spent)) queue.add(work)
  }
}

/** Run the first work waiting for a frame to itself, if nothing was committed since the last frame task or it waited long enough. */
function runAlone(busy: boolean): void {
  for (const [work, until] of quiet) {
    if (busy && performance.now() < until) return
    quiet.delete(work)
    work()
    return
  }
}

/**
 * Lay out what the last step mounted now, in the step's task, where the
 * budget counts it: style and layout of new elements cost more than
 * React's render of them, and would otherwise all land in the next frame.
 */
export function layOut(): void {
  void document.body.offsetHeight
}

/**
 * `render` (a React state update) committed in the scheduler's next frame,
 * once however often it was requested meanwhile: `request` asks for it,
 * `cancel` drops a request not yet run.
 */
export function coalesced(render: () => void): {request: () => void; cancel: () => void} {
  let planned: (() => void) | undefined
  return {
    request: () =>
      void (planned ??= schedule(() => {
        planned = undefined
        flushSync(render)
        return false
      })),
    cancel: () => planned?.(),
  }
}

/** Options of `useGradual`. */
export interface GradualOptions {
  /** Mounted at once. */
  first: number
  /** This many more a frame; without it, as many as fit in the frame's budget. */
  step?: number
}

/**
 * How many of `total` things to mount now: `first` at once, then more each
 * frame the scheduler gives, starting over when `resetKey` changes. A step
 * is a synchronous render, commit and layout of `step` things or, without
 * a `step`, of as many as the budget left allows at the time per thing the
 * last step took, at most doubling, since the next things may cost more
 * than the last (a group near the screen after placeholders).
 */
export function useGradual(total: number, resetKey: unknown, {first, step = Infinity}: GradualOptions): number {
  const [state, setState] = useState(() => ({key: resetKey, count: Math.min(total, first)}))
  if (state.key !== resetKey) setState({key: resetKey, count: Math.min(total, first)})
  const last = useRef({units: Math.max(1, first), msEach: 0})
  const latest = useRef(total)
  latest.current = total
  const {count} = state

  useEffect(() => {
    if (count >= total) return
    return schedule((budgetMs) => {
      const {units: lastUnits, msEach} = last.current
      const fixed = Number.isFinite(step)
      // What cannot be cut to fit the rest of a frame's budget waits for a frame of its own.
      if (budgetMs < frameBudgetMs && (fixed ? lastUnits : 1) * msEach > budgetMs) return true
      const fits = msEach > 0 ? Math.floor(budgetMs / msEach) : lastUnits
      // A fixed step is mounted whole: its size was chosen for its layout,
      // which grows with what is mounted before it (a long list's), and
      // timing it would shrink the steps until the list took seconds.
      const units = fixed ? step : Math.max(1, Math.min(2 * lastUnits, fits))
      const started = performance.now()
      flushSync(() => setState((prev) => ({...prev, count: Math.min(latest.current, prev.count + units)})))
      layOut()
      last.current = {units, msEach: (performance.now() - started) / units}
      // The commit's effect schedules the next step, with the new count.
      return false
    })
  }, [count, total, step])

  // A total that shrank needs no steps.
  return Math.min(count, total)
}
