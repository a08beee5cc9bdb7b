/**
 * Whether saving works: persistence sets the reason a save failed, and clears
 * it when a later save succeeds. The header shows it as a notice.
 */
import {atom} from 'jotai'

/** Why the last save failed, or `undefined` while saving works. */
export const storageErrorAtom = atom<string | undefined>(undefined)

/** A sentence fragment for the user saying why storage refused a save. */
export function storageErrorReason(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (name === 'QuotaExceededError') return 'the browser’s storage for this site is full'
  // Storage disabled, private windows, blocked by settings: no IndexedDB at all.
  if (name === 'SecurityError' || name === 'InvalidStateError' || typeof indexedDB === 'undefined') {
    return 'this browser does not allow storage here (IndexedDB is unavailable)'
  }
  const message = error instanceof Error || error instanceof DOMException ? error.message : String(error)
  return `the browser refused to store it${message ? ` (${name ? `${name}: ` : ''}${message})` : ''}`
}
