/** The size of the render worker's block pool: this machine's default from the start; the benchmark may change it. */
import {defaultPoolSize} from '../shared/default-pool-size.ts'
import {setPoolSize} from './session/session.ts'

let size = 0

/** Render long documents' blocks on `next` pool workers (0: in this thread); a pool of that size already running is kept. */
export function resizePool(next: number): void {
  if (!Number.isInteger(next) || next < 0) throw new Error(`Expected \`size\` to be a whole number from 0, not \`${next}\``)
  if (next === size) return
  setPoolSize(next)
  size = next
}

/** Start the pool this machine gets by default. */
export function startDefaultPool(): void {
  resizePool(defaultPoolSize(navigator.hardwareConcurrency))
}
