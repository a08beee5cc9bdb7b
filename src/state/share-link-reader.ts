/**
 * Reads share links opened in a page already open, in order, decompressing
 * long ones in a worker of their own (`workers/share-link.worker.ts`), so the
 * main thread only receives the text.
 */
import {wrap, type Remote} from 'comlink'
import {readShareHash} from '../../shared/share-link.ts'
import type {shareLinkApi} from '../../workers/share-link.worker.ts'

/** Links (the fragment's characters) shorter than this decompress at once: a millisecond or less. */
export const offThreadFromChars = 8 * 1024

interface Reader {
  api: Remote<typeof shareLinkApi>
  /** Rejects if the worker fails to load, which would leave a call hanging. */
  failed: Promise<never>
}

let reader: Reader | undefined
let queue: Promise<unknown> = Promise.resolve()

/**
 * The markdown in `hash` (see `readShareHash`), read in the order of the
 * calls. If the worker cannot be started or fails, the link is read here.
 */
export function readShareHashInOrder(hash: string): Promise<string | undefined> {
  const read = queue.then(() => (hash.length < offThreadFromChars ? readShareHash(hash) : readOffThread(hash)))
  queue = read.catch(() => {})
  return read
}

async function readOffThread(hash: string): Promise<string | undefined> {
  try {
    reader ??= start()
    return await Promise.race([reader.api.readShareHash(hash), reader.failed])
  } catch (error) {
    console.warn('Offthread: the share-link worker failed; reading the link on the main thread', error)
    reader = undefined
    return readShareHash(hash)
  }
}

function start(): Reader {
  const worker = new Worker(new URL('../../workers/share-link.worker.ts', import.meta.url), {type: 'module'})
  const failed = new Promise<never>((_, reject) =>
    worker.addEventListener('error', (event) => {
      event.preventDefault()
      worker.terminate()
      reject(new Error(event.message || 'it failed to load'))
    }),
  )
  failed.catch(() => {})
  return {api: wrap<typeof shareLinkApi>(worker), failed}
}
