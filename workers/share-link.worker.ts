/**
 * Decompresses long share links off the main thread (see
 * `src/state/share-link-reader.ts`): decompressing one there, garbage
 * collection included, would make the `hashchange`'s task long.
 */
import {expose} from 'comlink'
import {readShareHash} from '../shared/share-link.ts'

export const shareLinkApi = {readShareHash}

expose(shareLinkApi)
