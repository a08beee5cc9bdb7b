import type {Root} from 'hast'

/** A problem in the content (a broken formula, an unknown language), not a bug. */
export interface RenderMessage {
  reason: string
  /** 1-based line in the markdown source, or `undefined` when unknown. */
  line: number | undefined
  /** 1-based column in the markdown source, or `undefined` when unknown. */
  column: number | undefined
  /** Stable identifier such as `parseerror` (from KaTeX) or `unknown-language`. */
  ruleId: string | undefined
}

/** What the pipeline returns for one markdown document. */
export interface RenderResult {
  hast: Root
  messages: RenderMessage[]
  /** Grammar ids this render loaded for the first time. */
  loadedLanguages: string[]
  /** Wall-clock milliseconds spent in the pipeline. */
  ms: number
}
