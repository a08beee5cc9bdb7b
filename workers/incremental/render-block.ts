/**
 * Render one block on its own, with the context it needs from the rest of the
 * document written in front of it as markdown.
 */
import type {Element, Root, RootContent} from 'hast'
import type {Link, Root as MdastRoot} from 'mdast'
import {runPipeline, fileToMessages} from '../pipeline.ts'
import {footnoteRefsOf} from './footnote-refs.ts'
import type {FootnoteRef} from './footnotes.ts'
import {endsWithBlankLine} from './text-diff.ts'
import type {RenderMessage} from '../../shared/protocol.ts'

/** A block rendered on its own. */
export interface BlockRender {
  /** Top-level nodes, `data-line-*` relative to the block (1 = first line). */
  nodes: RootContent[]
  /**
   * How many mdast nodes of the block produce output. A full render puts a
   * line ending between any two of them, across blocks too.
   */
  slots: number
  messages: RenderMessage[]
  /** Footnote references in document order, as remark-rehype numbers them. */
  footnoteRefs: FootnoteRef[]
  /**
   * Whether the block can be followed by another: nothing it opened (a
   * fence, `$$`, an HTML block or element) would take in the next block.
   * Always true when not checked.
   */
  closed: boolean
  /** The block ends with a list, which a next item would continue. */
  endsWithList: boolean
  /**
   * Nothing in the block can stay open (no raw HTML, code or display math
   * anywhere in it): its rendering does not depend on trailing blank lines
   * or on being followed by another block, so a render made while it was the
   * last block holds once it is not.
   */
  stable: boolean
  /**
   * Rendered with a slot for the footnotes section (see `renderBlock`): the
   * path of child indices to the sentinel paragraph that marks where the
   * section goes, or `null` when the sentinel did not come out as a plain
   * paragraph. Absent when rendered without a slot, or when the sentinel
   * came out as the last top-level node (nothing was left open: the section
   * follows the block as usual, and the sentinel is gone from `nodes`).
   */
  slot?: number[] | null
  /** Rendered with `slot` on. */
  slotted: boolean
  /** The block holds raw HTML. */
  hasHtml: boolean
  /**
   * Set on a paragraph rendered from its last word on: where it was cut, and
   * what its last paragraph holds up to there (see `renderGrownParagraph`).
   */
  split?: {at: number; head: import('hast').ElementContent[]}
}

/** A paragraph written after a block to see whether the block is closed. */
const sentinel = 'offthread-block-end-sentinel'

/**
 * Render `text` after `prefix` (from `contextPrefix`). With `checkClosed`, a
 * sentinel paragraph is rendered after the block and must come out as the
 * last top-level paragraph, alone; then removed.
 *
 * With `slot` (the last block of a document with footnotes, when it leaves
 * raw HTML elements open), a sentinel paragraph goes where remark-rehype
 * puts the footnotes section, after the parse (see `appendSlot`), and stays
 * wherever the HTML parser put it: the section goes there. The HTML parser
 * treats a `<p>` and a `<section>` start tag alike (both are "in body" block
 * starts), so the section lands inside the open elements exactly as in a
 * full render, or before an open table (foster parenting), where the
 * sentinel is followed by the table.
 */
export async function renderBlock(text: string, prefix: string, checkClosed: boolean, slot = false, beforeContainer = false): Promise<BlockRender> {
  const prefixLines = countLines(prefix)
  checkClosed &&= !slot
  // The sentinel follows as the next block would: after the blank line the
  // block ends with, or after one added.
  const separator = endsWithBlankLine.test(text) ? '' : text.endsWith('\n') ? '\n' : '\n\n'
  // A list whose last item holds unclosed code or math ends one line later
  // when a container (a quote, a footnote definition) follows the blank
  // line than when a paragraph does: the sentinel is quoted then.
  const quoted = checkClosed && beforeContainer && endsWithBlankLine.test(text)
  const source = prefix + text + (checkClosed ? separator + (quoted ? '> ' : '') + sentinel + '\n' : '')
  const {mdast, hast, file} = await runPipeline(source, slot ? appendSlot : undefined)
  const content = mdast.children.filter((node) => node.type !== 'definition' && node.type !== 'footnoteDefinition')
  let slots = content.length
  let nodes = slot ? hast.children : withoutFootnoteSection(hast)
  let closed = true
  let slotPath: number[] | null | undefined
  if (slot) {
    slotPath = findSentinel(nodes)
    if (slotPath?.length === 1 && slotPath[0] === nodes.length - 1) {
      // Nothing open: as if rendered without the sentinel.
      nodes = withoutLast(nodes)
      slotPath = undefined
    }
    content.pop()
    slots--
  } else if (checkClosed) {
    const last = nodes[nodes.length - 1]
    closed = isSentinelParagraph(quoted ? onlyElement(last, 'blockquote') : last)
    nodes = withoutLast(nodes)
    content.pop()
    slots--
  }
  const endsWithList = content[content.length - 1]?.type === 'list'
  const found = typesIn(mdast, openable)
  const stable = !slot && closed && found.size === 0
  const hasHtml = found.has('html')
  if (prefixLines > 0) {
    for (const node of nodes) {
      if (node.type !== 'element' || typeof node.properties.dataLineStart !== 'number') continue
      node.properties.dataLineStart -= prefixLines
      node.properties.dataLineEnd = Number(node.properties.dataLineEnd) - prefixLines
    }
  }
  const messages = shiftMessages(
    fileToMessages(file).filter((message) => message.line === undefined || message.line > prefixLines),
    -prefixLines,
  )
  const footnoteRefs = source.includes('[^') ? footnoteRefsOf(mdast, nodes) : []
  const render: BlockRender = {nodes, slots, messages, footnoteRefs, closed, endsWithList, stable, slotted: slot, hasHtml}
  if (slotPath !== undefined) render.slot = slotPath
  return render
}

/**
 * A slot render's mdast, between the parse and the HTML: the sentinel goes
 * at the end, as remark-rehype puts the footnotes section there. Written in
 * the source instead, it would end the text's last construct as a next block
 * does, not as the end of the document does (an unclosed fence in a list
 * item takes in a last line of spaces). Like the section, it has no position
 * (the HTML parser ends open elements' positions at the last node with one).
 * It holds text, then a link, as the section does (a heading, then
 * backreferences): the HTML parser reopens formatting elements left open
 * before text, and closes an open `<a>` around a link (the adoption agency),
 * so then the sentinel does not come out plain, as the section would not
 * render as it does alone. Footnote definitions go: the block's own section
 * would land after the sentinel, among the block's nodes (before an open
 * table, say).
 */
function appendSlot(tree: MdastRoot): void {
  tree.children = tree.children.filter((node) => node.type !== 'footnoteDefinition')
  const link: Link = {type: 'link', url: '#' + sentinel, children: [{type: 'text', value: sentinel}]}
  tree.children.push({type: 'paragraph', children: [{type: 'text', value: sentinel + ' '}, link]})
}

/** Path to the last sentinel paragraph of a slot render. */
function findSentinel(nodes: readonly RootContent[]): number[] | null {
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index]!
    if (node.type !== 'element') continue
    if (isSentinelParagraph(node, true)) return [index]
    const inner = findSentinel(node.children as RootContent[])
    if (inner) return [index, ...inner]
  }
  return null
}

/** A slot render's nodes with the sentinel replaced by `section`; copies only the nodes on the path. */
export function fillSlot(nodes: readonly RootContent[], path: readonly number[], section: RootContent): RootContent[] {
  const [index, ...rest] = path
  const copy = [...nodes]
  if (rest.length === 0) {
    copy[index!] = section
  } else {
    const parent = copy[index!] as Element
    copy[index!] = {...parent, children: fillSlot(parent.children as RootContent[], rest, section) as Element['children']}
  }
  return copy
}
/** Number of line endings in `text`: `\n`, `\r\n` or a lone `\r`, as the parser counts lines. */
export function countLines(text: string): number {
  let count = 0
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) count++
  // A `\r` followed by a `\n` ends the same line as it.
  for (let index = text.indexOf('\r'); index >= 0; index = text.indexOf('\r', index + 1)) if (text.charCodeAt(index + 1) !== 10) count++
  return count
}

/** Root children without the footnotes section. */
function withoutFootnoteSection(tree: Root): RootContent[] {
  const children = tree.children
  const last = children[children.length - 1]
  if (last?.type === 'element' && last.tagName === 'section' && last.properties.dataFootnotes !== undefined) {
    return withoutLast(children)
  }
  return children
}

/**
 * `nodes` without the last one and the line ending remark-rehype put before
 * it. rehype-raw may have merged that line ending into a longer text node
 * (around a removed comment, say), so only one `\n` goes.
 */
function withoutLast(nodes: RootContent[]): RootContent[] {
  const result = nodes.slice(0, -1)
  const before = result[result.length - 1]
  if (before?.type === 'text' && before.value.endsWith('\n')) {
    result.pop()
    if (before.value !== '\n') result.push({...before, value: before.value.slice(0, -1)})
  }
  return result
}

/**
 * The one top-level element of a plain render (no slot, no raw HTML, no
 * messages), which a block that grows may be rendered from in part; else
 * `undefined`.
 */
export function onlyTopElement(render: BlockRender): Element | undefined {
  if (render.slots !== 1 || render.nodes.length !== 1 || render.slotted || render.hasHtml || render.messages.length > 0) return undefined
  const node = render.nodes[0]!
  return node.type === 'element' ? node : undefined
}

/** `messages` of a render of text that starts `lines` lines into its block. */
export function shiftMessages(messages: readonly RenderMessage[], lines: number): RenderMessage[] {
  return messages.map((message) => ({...message, line: message.line === undefined ? undefined : message.line + lines}))
}

/**
 * Constructs that can be left open: raw HTML, and code and math, whose
 * content (and position, in a list say) takes in blank lines until closed.
 */
const openable = new Set(['html', 'code', 'math'])

/** Whether a hast node is the sentinel paragraph (the slot's, with `slot`). */
function isSentinelParagraph(node: RootContent | Element['children'][number] | undefined, slot = false): boolean {
  if (node?.type !== 'element' || node.tagName !== 'p') return false
  const [first, link, ...rest] = node.children
  if (!slot) return node.children.length === 1 && first?.type === 'text' && first.value === sentinel
  const text = link?.type === 'element' && link.tagName === 'a' && link.children.length === 1 ? link.children[0] : undefined
  return rest.length === 0 && first?.type === 'text' && first.value === sentinel + ' ' && text?.type === 'text' && text.value === sentinel
}

/** The one element inside `node` (a `tagName`), line endings aside. */
function onlyElement(node: RootContent | undefined, tagName: string): Element['children'][number] | undefined {
  if (node?.type !== 'element' || node.tagName !== tagName) return undefined
  const inner = node.children.filter((child) => !(child.type === 'text' && child.value === '\n'))
  return inner.length === 1 ? inner[0] : undefined
}

/** Which of `types` an mdast tree holds anywhere (one walk). */
function typesIn(tree: {type: string; children?: unknown[]}, types: ReadonlySet<string>): Set<string> {
  const found = new Set<string>()
  const walk = (node: {type: string; children?: unknown[]}) => {
    if (types.has(node.type)) found.add(node.type)
    for (const child of (node.children ?? []) as Array<{type: string; children?: unknown[]}>) walk(child)
  }
  walk(tree)
  return found
}
