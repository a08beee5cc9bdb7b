/** What a render session keeps from one update to the next. */
import {editBetween, staleBaseError, type Edit, type TextChange} from '../../shared/text-change.ts'
import {createSectionRenderer, type FootnoteSection} from '../incremental/footnote-section.ts'
import type {Context} from './context.ts'
import {createShown, type Shown} from './display.ts'
import {createHeld, type Held} from './emit.ts'
import {createPlacement, type Placement} from './place.ts'
import type {RenderMemo} from './render.ts'
import {textOf, type Entry} from './scan.ts'

/**
 * What a session's blocks are for: `html`, the HAST a full render gives
 * (the CLI, the tests), or `display`, ready for the preview's
 * `toJsxRuntime` (see workers/session/display.ts), which HTML serialisation
 * would get wrong (style objects, wide tables' rows in `data`). The app's
 * stream is the only `display` session, so no option crosses the thread
 * boundary for it.
 */
export type SessionTarget = 'html' | 'display'

export interface Session {
  /** The whole text, when the update brought it whole; made from the entries when needed. */
  text: string | undefined
  /** The text's length, kept: summing the entries' would read every one on each update. */
  length: number
  /** The version of the last update, which a change must build on. */
  version: number | undefined
  entries: Entry[]
  context: Context | undefined
  /** The last render of each block, by id. */
  renders: RenderMemo
  placement: Placement
  /** The displayed blocks of a session for the preview; `undefined` for HTML. */
  shown: Shown | undefined
  held: Held
  section: ReturnType<typeof createSectionRenderer>
  shownSection?: FootnoteSection
  /** The last update healed the last block. */
  healed: boolean
  /** Blocks rendered with code left plain while its grammar was compiled ahead (see `plainWhileCompiling`), by id. */
  plain: Set<string>
  nextId: number
}

/** A session with nothing rendered yet. */
export function createSession(target: SessionTarget): Session {
  return {
    text: '',
    length: 0,
    version: undefined,
    entries: [],
    context: undefined,
    renders: new Map(),
    placement: createPlacement(),
    shown: target === 'display' ? createShown() : undefined,
    held: createHeld(),
    section: createSectionRenderer(),
    healed: false,
    plain: new Set(),
    nextId: 0,
  }
}

/** What changed in the session's text; throws an error named `staleBaseError` for a change to a text it does not hold. */
export function editOf(session: Session, text: string | TextChange): Edit {
  if (typeof text === 'string') return editBetween(wholeText(session), text)
  if (typeof text !== 'object' || text === null || typeof text.insert !== 'string') {
    throw new TypeError(`Expected the text to be a string or a change, not \`${text === null ? 'null' : typeof text}\``)
  }
  const {base, from, to, insert} = text
  if (base !== session.version || !(Number.isInteger(from) && Number.isInteger(to) && 0 <= from && from <= to && to <= session.length)) {
    const error = new Error(`The session does not hold the text of version ${base}`)
    error.name = staleBaseError
    throw error
  }
  return {from, to, insert}
}

/** The session's whole text. */
export function wholeText(session: Session): string {
  session.text ??= textOf(session.entries)
  return session.text
}
