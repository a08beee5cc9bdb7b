/**
 * Stage 3, render: each block after its context prefix, through the memo.
 * A block's render depends on its text, its prefix and its variant (last
 * block or not, a container next, a slot for the footnotes section); the
 * memo keeps the last render of each block id with what it was made from.
 */
import {isOpenCode, renderGrownCode} from '../incremental/grow-code.ts'
import {renderGrownParagraph} from '../incremental/grow-paragraph.ts'
import {renderGrownList, renderGrownTable} from '../incremental/grow-rows.ts'
import {healTail} from '../incremental/heal.ts'
import {plainWhileCompiling} from '../highlighter.ts'
import {renderPlain} from '../incremental/plain-block.ts'
import {renderPlainMath} from '../incremental/plain-math.ts'
import {onlyTopElement, renderBlock, type BlockRender} from '../incremental/render-block.ts'
import {contextEnd, contextPrefix, prefixDefinitions} from '../incremental/block-prefix.ts'
import {sameState, type ScanState} from '../incremental/block-scanner.ts'
import {startsWithText} from '../../shared/text-change.ts'
import {endsWithBlankLine, withoutTrailingBlankLines} from '../incremental/text-diff.ts'
import type {BlockPool} from '../block-pool.ts'
import {prefixOf, type Context} from './context.ts'
import {frontMatterOf} from '../plugins/remark-front-matter.ts'
import type {Entry} from './scan.ts'

/** What a block's render was made from, and the render. */
export interface Memo {
  text: string
  prefix: string
  /** Rendered as the last block: not checked for being closed. */
  last: boolean
  /** Rendered with a container (quote, footnote definition) as the next block. */
  beforeContainer: boolean
  state: ScanState
  render: BlockRender
}

/** What the render of one block must be made from. */
interface Wanted {
  text: string
  prefix: string
  last: boolean
  beforeContainer: boolean
  slot: boolean
}

/** A block quote or a footnote definition: a container start (see `renderBlock`'s `beforeContainer`). */
const containerStart = /^ {0,3}(?:>|\[\^[^\]\s]+\]:)/

/** Fewer blocks to render than this: the pool's messages cost more than they save. */
const minBlocksForPool = 24

/** The last render of each block of a session, by block id. */
export type RenderMemo = Map<string, Memo>

/** What `entries[index]` must be rendered from now. */
function wanted(entries: readonly Entry[], index: number, context: Context, heal: boolean): Wanted {
  const entry = entries[index]!
  const last = index === entries.length - 1
  return {
    text: heal ? plainWhileCompiling(last ? healTail(entry.text, index === 0) : entry.text) : entry.text,
    prefix: blockPrefix(entry, index, context, heal),
    last,
    beforeContainer: !last && containerStart.test(entries[index + 1]!.text),
    slot: last && needsSlot(entry, context),
  }
}

/**
 * The prefix `entry`, the block at `index`, renders after. Front matter
 * renders after none (it holds no references, and only the document's start
 * can hold it); any other block that starts with `---` after one, so that
 * the parser does not read it as front matter.
 */
export function blockPrefix(entry: Entry, index: number, context: Context, heal: boolean): string {
  if (index === 0 && entry.text.startsWith('---') && frontMatterOf(entry.text)) return ''
  const prefix = prefixOf(entry, context, heal)
  return prefix === '' && index > 0 && entry.text.startsWith('---') ? notFrontMatter : prefix
}

const notFrontMatter = contextPrefix([], [contextEnd])

/**
 * Whether `entry`'s render left code plain that must now be rendered as it
 * is: its grammar is compiled, or the reply is no longer streaming.
 */
export function plainNoLonger(memo: RenderMemo, entry: Entry, heal: boolean): boolean {
  const old = memo.get(entry.id)
  return old !== undefined && old.text !== (heal ? plainWhileCompiling(entry.text) : entry.text)
}

/** The memo's render of `entry` when it still holds for `want`. */
function held(memo: RenderMemo, entry: Entry, want: Wanted): BlockRender | undefined {
  const old = memo.get(entry.id)
  if (!old || old.prefix !== want.prefix || old.render.slotted !== want.slot) return undefined
  const {stable} = old.render
  // An unstable render depends on what follows, and on trailing blank lines.
  if (!want.last && !stable && old.beforeContainer !== want.beforeContainer) return undefined
  if (old.text === want.text ? old.last && !want.last && !stable : !(stable && sameBlock(old.text, want.text))) return undefined
  if (!want.last) old.last = false
  return old.render
}

/**
 * Render `entries[index]` into the memo, unless the memo's render still
 * holds. Returns how many renders it took (0 or 1).
 */
export async function renderEntry(memo: RenderMemo, entries: readonly Entry[], index: number, context: Context, heal: boolean, ahead?: Ahead): Promise<number> {
  const entry = entries[index]!
  const want = wanted(entries, index, context, heal)
  if (held(memo, entry, want)) return 0
  const previous = memo.get(entry.id)
  const grown =
    previous &&
    !want.slot &&
    previous.prefix === want.prefix &&
    previous.text !== want.text &&
    startsWithText(entry.text, previous.text) &&
    sameState(previous.state, entry.state)
      ? await renderGrown(previous, want.text, want.last)
      : undefined
  const pending = ahead?.get(entry)
  const render =
    grown ??
    (want.slot ? undefined : (renderPlain(want.text, prefixDefinitions(want.prefix)) ?? renderPlainMath(want.text, want.last))) ??
    (await (pending && pending.text === want.text && pending.prefix === want.prefix && pending.last === want.last && !want.slot && !want.beforeContainer
      ? pending.render
      : renderBlock(want.text, want.prefix, !want.last, want.slot, want.beforeContainer)))
  memo.set(entry.id, {text: want.text, prefix: want.prefix, last: want.last, beforeContainer: want.beforeContainer, state: entry.state, render})
  return 1
}

/**
 * Start rendering every block from `from` that needs it on the pool at
 * once, when there are enough of them to be worth it; `renderEntry` then
 * takes the results in order, as if it had rendered them itself.
 */
export function renderAhead(
  memo: RenderMemo,
  pool: BlockPool | undefined,
  entries: readonly Entry[],
  from: number,
  context: Context,
  heal: boolean,
): Ahead | undefined {
  if (!pool || context.complex || entries.length - from < minBlocksForPool) return undefined
  const ahead: Ahead = new Map()
  for (let index = from; index < entries.length; index++) {
    const entry = entries[index]!
    const want = wanted(entries, index, context, heal)
    if (want.slot || held(memo, entry, want)) continue
    const render = pool.renderBlock(want.text, want.prefix, !want.last)
    // Failures surface when `renderEntry` awaits it; until then, keep them quiet.
    render.catch(() => {})
    ahead.set(entry, {text: want.text, prefix: want.prefix, last: want.last, render})
  }
  return ahead
}

/** Forget the blocks not in `entries`. */
export function keepOnly(memo: RenderMemo, entries: readonly Entry[]): void {
  if (memo.size <= entries.length) return
  const live = new Set(entries.map((entry) => entry.id))
  for (const id of memo.keys()) if (!live.has(id)) memo.delete(id)
}

/** Renders started on the pool, by entry. */
export type Ahead = Map<Entry, {text: string; prefix: string; last: boolean; render: Promise<BlockRender>}>

/**
 * The last block of a document with footnotes may leave raw HTML elements
 * open, and then the section goes inside them: it is rendered with a slot,
 * which finds out. Without raw HTML (no `<`) nothing can be left open, nor
 * in fenced code still open, whose `<` are code (generics, comparisons).
 */
export function needsSlot(entry: Entry, context: Context): boolean {
  return context.footnotes.size > 0 && entry.text.includes('<') && !isOpenCode(entry.text)
}

/** Whether `text` holds a `\(` with no `\)` after it. */
function hasOpenLatexMath(text: string): boolean {
  // Most blocks have none: a forward search says so sooner than a backward one.
  const open = text.includes('\\(') ? text.lastIndexOf('\\(') : -1
  return open >= 0 && !text.includes('\\)', open)
}

/** The same text but for trailing blank lines (which a stable block's render does not depend on). */
function sameBlock(a: string, b: string): boolean {
  return withoutTrailingBlankLines(a) === withoutTrailingBlankLines(b)
}

/**
 * A block that grew at its end, rendered in part from its previous render
 * when it can be: a paragraph from its last word, a list from its last item,
 * a table from its last row, fenced code from its new code. Followed by a
 * blank line, a paragraph, list or table renders the same whether a block
 * follows or not (they are stable); code grows only as the last block, or
 * when its closing fence came (then it is stable too).
 */
async function renderGrown(from: Memo, text: string, last: boolean): Promise<BlockRender | undefined> {
  if (onlyTopElement(from.render)?.tagName === 'pre') return renderGrownCode(from.render, from.text, text, last)
  // An unclosed `\(` renders as text (`(`), yet the math it may open takes
  // in what follows: the paragraph renders whole.
  if ((last || endsWithBlankLine.test(text)) && !hasOpenLatexMath(from.text)) {
    const grown =
      (await renderGrownParagraph(from.render, from.text, text, from.prefix)) ??
      (await renderGrownList(from.render, from.text, text, from.prefix)) ??
      (await renderGrownTable(from.render, from.text, text, from.prefix))
    if (grown) return grown
  }
  return renderGrownCode(from.render, from.text, text, last)
}
