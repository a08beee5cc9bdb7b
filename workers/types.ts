import type {Root} from 'hast'
import type {RenderMessage} from '../shared/protocol.ts'

/** What the pipeline returns for one markdown document. */
export interface RenderResult {
  hast: Root
  messages: RenderMessage[]
  /** Grammar ids this render loaded for the first time. */
  loadedLanguages: string[]
  /** Wall-clock milliseconds spent in the pipeline. */
  ms: number
}
