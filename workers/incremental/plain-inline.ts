/**
 * The inline markup that blocks rendered without the pipeline
 * (plain-block.ts) may hold: words, spaces and the simplest markup, which
 * render the same wherever they stand in prose.
 */
import type {Element, ElementContent} from 'hast'
import {footnoteSafeId, normalizeLabel} from './context.ts'
import {refElementId, referenceElement} from './footnote-ids.ts'
import type {FootnoteRef} from './footnotes.ts'
import {unknownDefinitions, type PrefixDefinitions} from './block-prefix.ts'
import {inlineMath} from '../plugins/rehype-katex-cache.ts'
import {autolinkStart, bareUrl, openEnd, partialAddress, prose, span} from './open-end.ts'

/**
 * Prose (see open-end.ts), with nothing that could start an autolink
 * (`www`, `http`; no `@`).
 */
const plainWord = new RegExp(String.raw`${prose}+(?= |$|\[\^)`, 'uy')

/**
 * Inline markup that renders the same wherever it stands in prose: a word
 * (or words) between `**`, `*` or `~~`, a code span, a link to an http(s)
 * address, a bare http(s) address (`bareUrl`), a formula (`tex`) that
 * KaTeX typesets without an error, each after a space and followed by a
 * space, the end or a footnote reference (which a bare address takes in),
 * at most one mark of punctuation between. Inside the delimiters, only
 * letters and digits and single spaces, so each opener can only open and
 * each closer only close (CommonMark's flanking rules), and nothing inside
 * is markup or an autolink. A code span, which starts here, takes in what
 * would be markup outside it; it holds no spaces at its ends (which the
 * parser strips), no pipe (which ends a table's cell even inside code) and
 * no NUL (which the parser replaces). A link's text is followed by its
 * address, so it is never a reference.
 */
const literal = String.raw`[^\s\x60|\0]`
/**
 * Inline math as GitHub reads it (remark-math-strict.ts): no space inside
 * either dollar, and no backslash before the closing one (which would
 * escape it). On one line: the lines after the first could start blocks
 * (a setext underline, a table) that the formula would not take in.
 */
const tex = String.raw`[^\s$\\]|[^\s$][^$\n\r]*[^\s$\\]`
const markup = new RegExp(
  String.raw`(?:\*\*(?<strong>${span})\*\*|\*(?<em>${span})\*|~~(?<del>${span})~~|\x60(?<code>${literal}(?:(?:${literal}| )*${literal})?)\x60|\[(?<text>${span})\]\((?<href>https?:\/\/[A-Za-z0-9][A-Za-z0-9./_-]*)\)|\[\^(?<ref>[A-Za-z0-9_-]+)\]|(?<url>${bareUrl})|\$(?<math>${tex})\$)(?<after>[.,;:?]?)(?= |$|\[\^)`,
  'uy',
)
const spaces = / +/y
/** A footnote's label right after a bare address, then what may follow markup (see `markup`). */
const labelAfterAddress = /\[\^([A-Za-z0-9]+)\]([.,;:?]?)(?= |$)/y

/**
 * The HAST children of a paragraph of `body` (one line, trailing white space
 * removed) when it is plain words, spaces and the markup above; else
 * `undefined`. Text between elements is one text node, as the parser makes it.
 * Markup left open at the end (see open-end.ts) may start `body` only
 * where no block can start (`openAtStart`).
 */
export function inlineChildren(body: string, openAtStart = false, defined = unknownDefinitions, refs?: FootnoteRef[]): ElementContent[] | undefined {
  const children: ElementContent[] = []
  let text = ''
  let at = 0
  while (at < body.length) {
    spaces.lastIndex = plainWord.lastIndex = markup.lastIndex = at
    const gap = spaces.exec(body)
    if (gap) {
      text += gap[0]
      at = spaces.lastIndex
      continue
    }
    const word = plainWord.exec(body)
    // An address still arriving at the end is text until GFM can link it.
    if (word && (!autolinkStart.test(word[0]) || (plainWord.lastIndex === body.length && partialAddress.test(word[0])))) {
      text += word[0]
      at = plainWord.lastIndex
      continue
    }
    // A word that could start an autolink is plain only as a whole bare address.
    const found = markup.exec(body)
    if (word && found?.groups?.url === undefined) return undefined
    if (!found) {
      // At the start of a list item, a bullet would start a list of its own.
      const open = at === 0 && !openAtStart ? undefined : openEnd(body, at, defined)
      if (!open) return undefined
      text += open.text
      if (open.url !== undefined) {
        children.push({type: 'text', value: text}, element('a', open.url, {href: open.url}))
        text = open.after ?? ''
      }
      break
    }
    const piece = markupPiece(body, markup.lastIndex, found.groups!, defined, refs)
    if (!piece) return undefined
    if (piece.elements) {
      if (text) children.push({type: 'text', value: text})
      children.push(...piece.elements)
      text = ''
    }
    text += piece.text
    at = piece.end
  }
  if (text) children.push({type: 'text', value: text})
  return children
}

/** What a match of `markup` (its `groups`) renders as: elements, if any, then text, up to `end`. */
interface Piece {
  elements?: readonly ElementContent[]
  text: string
  end: number
}

/** The piece a match of `markup` in `body` (its `groups`, ending at `end`) stands for; `undefined` when the paragraph is not plain. */
function markupPiece(
  body: string,
  end: number,
  groups: Record<string, string | undefined>,
  defined: PrefixDefinitions,
  refs: FootnoteRef[] | undefined,
): Piece | undefined {
  const {ref, url, math, after = ''} = groups
  if (url !== undefined && body[end] === '[') {
    // GFM's autolink goes on through a footnote's label after it
    // (`https://a.b.[^7]` links `https://a.b.[^7`): the brackets cite nothing.
    labelAfterAddress.lastIndex = end
    const label = labelAfterAddress.exec(body)
    if (!label) return undefined
    const link = element('a', `${url}${after}[^${label[1]}`, {href: `${url}${after}%5B%5E${label[1]}`})
    return {elements: [link], text: `]${label[2]}`, end: labelAfterAddress.lastIndex}
  }
  if (math !== undefined) {
    // Typeset as the pipeline would; a formula with an error renders there, with its message.
    const typeset = inlineMath(math)
    return typeset && {elements: typeset, text: after, end}
  }
  if (ref !== undefined) {
    const reference = footnoteReference(ref, defined, refs)
    if (reference) return {elements: [reference], text: after, end}
    // A reference to a footnote the prefix does not define is text: its definition has not come yet.
    if (!defined.known || defined.footnotes.has(normalizeLabel(ref))) return undefined
    return {text: `[^${ref}]${after}`, end}
  }
  return {elements: [markupElement(groups)], text: after, end}
}

/** The element of the other kinds of match: emphasis, a code span, a link or a bare address. */
function markupElement({strong, em, del, code, url, text, href}: Record<string, string | undefined>): Element {
  if (strong !== undefined) return element('strong', strong)
  if (em !== undefined) return element('em', em)
  if (del !== undefined) return element('del', del)
  if (code !== undefined) return element('code', code)
  if (url !== undefined) return element('a', url, {href: url})
  return element('a', text!, {href: href!})
}

/** An element holding one text node. */
function element(tagName: string, value: string, properties: Element['properties'] = {}): Element {
  return {type: 'element', tagName, properties, children: [{type: 'text', value}]}
}

/**
 * The `<sup>` of a reference to footnote `label`, as remark-rehype makes it
 * in a render of this block alone (see footnote-refs.ts), added to `refs`;
 * `undefined` when the prefix does not define the footnote or `refs` is not
 * given (the caller cannot report references).
 */
function footnoteReference(label: string, defined: PrefixDefinitions, refs: FootnoteRef[] | undefined): Element | undefined {
  const identifier = normalizeLabel(label)
  if (!refs || !defined.footnotes.has(identifier)) return undefined
  const safeId = footnoteSafeId(identifier)
  // Numbered in the order the block first cites each footnote.
  const order = [...new Set(refs.map((ref) => ref.safeId))]
  const number = (order.includes(safeId) ? order.indexOf(safeId) : order.length) + 1
  const count = refs.filter((ref) => ref.safeId === safeId).length + 1
  refs.push({safeId, id: refElementId(safeId, count)})
  return referenceElement(safeId, count, number)
}
