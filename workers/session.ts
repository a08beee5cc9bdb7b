/**
 * Render sessions: one per document or streamed reply. Each update re-renders
 * only the blocks whose text or document-wide context changed, and sends only
 * blocks the main thread has not seen; the result is always identical to a
 * full render of the text (see `assembleHast`).
 */
import type {Root, RootContent} from 'hast'
import remend from 'remend'
import {markdownToHast} from './pipeline.ts'
import {initialState, sameState, scanBlocks, stateAfter, type ScanState} from './incremental/block-scanner.ts'
import {definitionsOf, footnoteSafeId, normalizeForLabels, type BlockDefinitions, type FootnoteSource} from './incremental/context.ts'
import {createNumbering, footnoteSectionSource, numberReferences, patchReferences, renderFootnoteSection} from './incremental/footnotes.ts'
import {hashString} from './incremental/hash.ts'
import {contextPrefix, countLines, renderBlock, type BlockRender} from './incremental/render-block.ts'
import {commonPrefixLength, commonSuffixLength} from './incremental/text-diff.ts'
import type {BlockPlacement, RenderedBlock, SessionOptions, SessionUpdate} from './session-types.ts'
import type {RenderMessage} from './types.ts'

/** One block of the current text, with everything cached about it. */
interface Entry {
  text: string
  /** Scanner state at the block's start. */
  state: ScanState
  lines: number
  definitions: BlockDefinitions
  normalized?: string
  prefix?: string
  /** Signature of the document's definitions `prefix` was computed for. */
  prefixFor?: string
  render?: BlockRender
  renderedAs?: string
  renderedLast?: boolean
  sent?: {signature: string; key: string; nodes: RootContent[]}
}

interface Session {
  text: string
  entries: Entry[]
  /** Keys the main thread holds: exactly those of the last update's order. */
  sent: Set<string>
  section?: {source: string; nodes: RootContent[]}
}

const sessions = new Map<string, Session>()
const listItemStart = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/
const trailingBlankLines = /\n(?:[ \t]*\n)*[ \t]*$/

/** Render `markdown` as the new text of session `sessionId`. */
export async function renderSession(
  sessionId: string,
  markdown: string,
  version: number,
  options: SessionOptions = {},
): Promise<SessionUpdate> {
  if (typeof markdown !== 'string') throw new TypeError(`Expected \`markdown\` to be a string, not \`${typeof markdown}\``)
  const started = performance.now()
  let session = sessions.get(sessionId)
  if (!session) sessions.set(sessionId, (session = {text: '', entries: [], sent: new Set()}))
  session.entries = rescan(session, markdown)
  session.text = markdown

  let rendered = 0
  let entries = session.entries
  // Render every block; a block the scanner closed too early (the parse says
  // it leaves something open) is merged with the next one and all starts
  // over, since definitions inside the merged text may not be definitions.
  let context: Context | undefined
  for (let index = 0; index < entries.length; index++) {
    if (index === 0) {
      context = contextOf(entries)
      if (context.complex) return fallback(session, sessionId, markdown, version, started)
    }
    const entry = entries[index]!
    const last = index === entries.length - 1
    if (entry.prefixFor !== context!.signature) {
      entry.prefix = prefixFor(entry, context!.links, context!.footnotes)
      entry.prefixFor = context!.signature
    }
    // Blank lines at the end of a block do not change its rendering (a block
    // before another one has nothing open), so they do not invalidate it.
    const text = !last ? entry.text.replace(trailingBlankLines, '\n') : options.heal === true ? remend(entry.text) : entry.text
    const renderedAs = `${entry.prefix}\u0000${text}`
    // A block rendered as the last one was not checked for being closed.
    if (entry.renderedAs !== renderedAs || (entry.renderedLast && !last)) {
      entry.render = await renderBlock(text, entry.prefix!, !last)
      entry.renderedAs = renderedAs
      entry.renderedLast = last
      rendered++
    }
    const next = entries[index + 1]
    if (next && (!entry.render!.closed || (entry.render!.endsWithList && listItemStart.test(next.text)))) {
      entries = session.entries = [...entries.slice(0, index), merge(entry, next), ...entries.slice(index + 2)]
      index = -1
    }
  }
  const {links, footnotes} = context ?? contextOf(entries)

  const messages: RenderMessage[] = []
  const numbering = createNumbering()
  const placed: Array<{entry: Entry; lineOffset: number}> = []
  let line = 0
  for (const entry of entries) {
    const render = entry.render!
    for (const message of render.messages) messages.push({...message, line: message.line === undefined ? undefined : message.line + line})
    if (render.slots > 0) {
      const numbers = numberReferences(render.footnoteRefs, numbering)
      const blockSignature = entry.renderedAs + '\u0000' + numbers.join(';')
      if (entry.sent?.signature !== blockSignature) {
        entry.sent = {
          signature: blockSignature,
          key: hashString(blockSignature),
          nodes: numbers.length > 0 ? patchReferences(render.nodes, numbers) : render.nodes,
        }
      }
      placed.push({entry, lineOffset: line})
    }
    line += entry.lines
  }

  const blocks = placed.map(({entry, lineOffset}) => ({key: entry.sent!.key, nodes: entry.sent!.nodes, lineOffset}))
  const sectionSource = footnoteSectionSource(numbering, bySafeId(footnotes), [...links.values()])
  if (sectionSource !== undefined) {
    if (session.section?.source !== sectionSource) {
      session.section = {source: sectionSource, nodes: await renderFootnoteSection(sectionSource)}
      rendered++
    }
    blocks.push({key: 'footnotes-' + hashString(sectionSource), nodes: session.section.nodes, lineOffset: line})
  }
  return finish(session, sessionId, version, blocks, messages, rendered, started)
}

interface Context {
  links: Map<string, string>
  footnotes: Map<string, FootnoteSource>
  /** Identifies `links` and `footnotes`, to know when prefixes are stale. */
  signature: string
  /** Footnotes the block renderer cannot split. */
  complex: boolean
}

/** The document's definitions (the first of each label wins). */
function contextOf(entries: readonly Entry[]): Context {
  const links = new Map<string, string>()
  const footnotes = new Map<string, FootnoteSource>()
  let complex = false
  for (const entry of entries) {
    complex ||= entry.definitions.complex
    for (const [id, markdown] of entry.definitions.links) if (!links.has(id)) links.set(id, markdown)
    for (const [id, source] of entry.definitions.footnotes) if (!footnotes.has(id)) footnotes.set(id, source)
  }
  // The footnotes section follows the last block; raw HTML left open there
  // would take it in.
  const last = entries[entries.length - 1]
  if (last && footnotes.size > 0 && stateAfter(last.text, last.state).openTags.length > 0) complex = true
  const signature = [...links.values(), '\u0000', ...footnotes.keys()].join('\n')
  return {links, footnotes, signature, complex}
}

function merge(first: Entry, second: Entry): Entry {
  const text = first.text + second.text
  return {text, state: first.state, lines: first.lines + second.lines, definitions: definitionsOf(text)}
}

/** Forget a session and its cache. */
export function closeSession(sessionId: string): void {
  sessions.delete(sessionId)
}

/**
 * The whole document of an update, as a full render gives it: the blocks'
 * nodes with their lines made absolute, a line ending between blocks.
 */
export function assembleHast(order: readonly BlockPlacement[], blocks: ReadonlyMap<string, Root>): Root {
  const children: RootContent[] = []
  for (const [index, {key, lineOffset}] of order.entries()) {
    const block = blocks.get(key)
    if (!block) throw new Error(`Expected block \`${key}\` to have been sent`)
    // Even between blocks that render nothing (a comment), as remark-rehype does.
    if (index > 0) children.push({type: 'text', value: '\n'})
    for (const node of structuredClone(block.children)) {
      if (node.type === 'element' && typeof node.properties.dataLineStart === 'number') {
        node.properties.dataLineStart += lineOffset
        node.properties.dataLineEnd = Number(node.properties.dataLineEnd) + lineOffset
      }
      children.push(node)
    }
  }
  return {type: 'root', children}
}

/** The blocks of `text`, reusing the entries of the unchanged head and tail. */
function rescan(session: Session, text: string): Entry[] {
  const previous = session.entries
  if (previous.length === 0) return scanAll(text, 0, initialState, undefined, [])
  if (text === session.text) return previous
  const prefix = commonPrefixLength(session.text, text)
  const suffix = commonSuffixLength(session.text, text, Math.min(session.text.length, text.length) - prefix)
  const delta = text.length - session.text.length

  // Start two blocks before the change: the boundary at a block's start
  // depends on its first line and on the line before it.
  const starts: number[] = []
  let offset = 0
  for (const entry of previous) {
    starts.push(offset)
    offset += entry.text.length
  }
  let first = 0
  while (first + 1 < previous.length && starts[first + 1]! < prefix) first++
  first = Math.max(0, first - 1)

  const unchangedFrom = session.text.length - suffix
  const oldIndexByStart = new Map<number, number>()
  for (let index = first + 1; index < previous.length; index++) {
    if (starts[index]! >= unchangedFrom) oldIndexByStart.set(starts[index]!, index)
  }
  let resumeAt: number | undefined
  const head = previous.slice(0, first)
  const scanned = scanAll(text, starts[first]!, previous[first]!.state, (start, state) => {
    if (start <= prefix) return false
    const index = oldIndexByStart.get(start - delta)
    if (index === undefined || !sameState(state, previous[index]!.state)) return false
    resumeAt = index
    return true
  }, previous)
  return resumeAt === undefined ? [...head, ...scanned] : [...head, ...scanned, ...previous.slice(resumeAt)]
}

function scanAll(
  text: string,
  from: number,
  state: ScanState,
  resync: ((start: number, state: ScanState) => boolean) | undefined,
  reusable: readonly Entry[],
): Entry[] {
  const byText = new Map(reusable.map((entry) => [entry.text, entry]))
  return scanBlocks(text, from, state, resync).blocks.map((block) => {
    const blockText = text.slice(block.start, block.end)
    const old = byText.get(blockText)
    if (old && sameState(old.state, block.state)) return old
    return {text: blockText, state: block.state, lines: countLines(blockText), definitions: definitionsOf(blockText)}
  })
}

/** The context a block needs: definitions of labels its text mentions. */
function prefixFor(entry: Entry, links: ReadonlyMap<string, string>, footnotes: ReadonlyMap<string, FootnoteSource>): string {
  if ((links.size === 0 && footnotes.size === 0) || !entry.text.includes('[')) return ''
  entry.normalized ??= normalizeForLabels(entry.text)
  const normalized = entry.normalized
  const linkDefinitions: string[] = []
  for (const [id, markdown] of links) if (normalized.includes(id)) linkDefinitions.push(markdown)
  const footnoteLabels: string[] = []
  if (normalized.includes('[^')) {
    for (const id of footnotes.keys()) if (normalized.includes(id)) footnoteLabels.push(id)
  }
  return contextPrefix(footnoteLabels, linkDefinitions)
}

function bySafeId(footnotes: ReadonlyMap<string, FootnoteSource>): Map<string, FootnoteSource> {
  const result = new Map<string, FootnoteSource>()
  for (const [id, source] of footnotes) if (!result.has(footnoteSafeId(id))) result.set(footnoteSafeId(id), source)
  return result
}

/** Footnotes the block renderer cannot split: the whole text as one block. */
async function fallback(session: Session, sessionId: string, markdown: string, version: number, started: number) {
  const result = await markdownToHast(markdown)
  const key = 'whole-' + hashString(markdown)
  return finish(session, sessionId, version, [{key, nodes: result.hast.children, lineOffset: 0}], result.messages, 1, started)
}

function finish(
  session: Session,
  sessionId: string,
  version: number,
  blocks: ReadonlyArray<{key: string; nodes: RootContent[]; lineOffset: number}>,
  messages: RenderMessage[],
  rendered: number,
  started: number,
): SessionUpdate {
  const order: BlockPlacement[] = []
  const fresh: RenderedBlock[] = []
  const keys = new Set<string>()
  for (const block of blocks) {
    let key = block.key
    // The same block twice (two identical paragraphs): keys stay unique.
    for (let copy = 2; keys.has(key); copy++) key = `${block.key}~${copy}`
    keys.add(key)
    order.push({key, lineOffset: block.lineOffset})
    if (!session.sent.has(key)) fresh.push({key, hast: {type: 'root', children: block.nodes}})
  }
  session.sent = keys
  return {sessionId, version, order, blocks: fresh, messages, ms: performance.now() - started, rendered}
}
