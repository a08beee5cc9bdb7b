/**
 * Decompresses long share links off the main thread (see
 * `src/state/share-link-reader.ts`): a 31 KB link to a 2 MB line took
 * 20-74 ms of the `hashchange`'s task there, garbage collection included.
 */
import {expose} from 'comlink'
import {readShareHash} from '../shared/share-link.ts'

export const shareLinkApi = {readShareHash}

expose(shareLinkApi)
