/**
 * Markup left open at the end of a line of prose. Streamed text stops
 * anywhere: in a formula, in a link's address, in the middle of a word that
 * may become an address. Until something closes it, such an end is text
 * (or, in a link's address, text and the address GFM links bare), and a
 * render without the pipeline can say so when nothing after the opener is
 * markup of its own.
 */
import {runMayOpen} from './open-inline.ts'
import type {PrefixDefinitions} from './block-prefix.ts'

/** What an open end renders as: text, then the bare address GFM links and the text after it, if any. */
export interface OpenEnd {
  text: string
  url?: string
  after?: string
}

/** Letters, digits and punctuation that is never markup. */
export const prose = String.raw`[\p{L}\p{N},.;:'"?()/-]`
/** An opener followed only by prose, or a footnote's label still arriving: nothing after it could close it. */
const openerThenProse = new RegExp(String.raw`(?:(?:\*\*?|~~?|\x60|\[|\$)(?:${prose}+(?: +${prose}+)*)?|${prose}*\[\^[\p{L}\p{N}_-]*)$`, 'uy')
/** Text that could start an autolink (see plain-inline.ts). */
export const autolinkStart = /www|http/i
/** An address still arriving, before anything GFM could link: `h` to `https://`, or `www` without its dot. */
export const partialAddress = /^(?:h(?:t(?:t(?:p(?:s?(?::(?:\/\/?)?)?)?)?)?)?|w{1,3})$/
/** Words of letters and digits, one space between. */
export const span = String.raw`[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*`
/**
 * A bare http(s) address that GFM links whole: domain labels of letters,
 * digits and hyphens that start with a letter or digit (an underscore can
 * unlink it), then a path of the same and slashes, with a dot or
 * underscore only inside it (GFM leaves them out of the link at its end).
 */
export const bareUrl = String.raw`https?:\/\/[A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9][A-Za-z0-9-]*)*(?:\/(?:[A-Za-z0-9\/-]|[._](?=[A-Za-z0-9\/-]))*)?`
/** Link text, then `(` and what came of its address. */
const openLink = new RegExp(String.raw`\[${span}\](?:\((.*))?$`, 'uy')
/** A bare address, then a mark of punctuation GFM leaves out of the link, to the end. */
const bareUrlToEnd = new RegExp(`^(${bareUrl})([.,;:?]?)$`)
/** Marks of their own inside a formula's text: code, emphasis, math, references, HTML, autolinks, cells. */
const markupChar = /[`*~$&@|<\t\r\n\0]/
const asciiPunctuation = /[!-/:-@[-`{-~]/

/**
 * What `body` (one line, trailing white space removed) renders as from
 * `at` on, where an opener starts that nothing closes, or `undefined` when
 * the pipeline must say. `defined`: what the block's prefix defines (with
 * link labels, a bracket may be a reference).
 */
export function openEnd(body: string, at: number, defined: PrefixDefinitions): OpenEnd | undefined {
  const linksDefined = defined.links
  openerThenProse.lastIndex = at
  const plain = openerThenProse.exec(body)
  if (plain) return autolinkStart.test(plain[0]) ? undefined : {text: plain[0]}
  if (body[at] === '$' && body[at + 1] !== '$') {
    const tail = literalTail(body, at + 1, linksDefined)
    return tail === undefined ? undefined : {text: `$${tail}`}
  }
  openLink.lastIndex = at
  const link = linksDefined ? null : openLink.exec(body)
  if (!link) return undefined
  const address = link[1]
  if (address === undefined || address === '' || partialAddress.test(address)) return {text: link[0]}
  const url = bareUrlToEnd.exec(address)
  return url ? {text: link[0].slice(0, -address.length), url: url[1]!, after: url[2]!} : undefined
}

/**
 * The text of `body` from `from` on, after a `$` that nothing closes, when
 * none of it is markup: escapes decoded, underscores that cannot open
 * emphasis (`x_i`) kept. LaTeX's `\(` and `\[` open math of their own.
 * Brackets are text while no link label is defined, but for a footnote's
 * (`[^1]`) and a link's (`[a](b)`).
 */
function literalTail(body: string, from: number, linksDefined: boolean): string | undefined {
  if (autolinkStart.test(body.slice(from))) return undefined
  let text = ''
  for (let index = from; index < body.length; index++) {
    const char = body[index]!
    if (char === '\\' && index + 1 < body.length && asciiPunctuation.test(body[index + 1]!)) {
      if ('()[]'.includes(body[index + 1]!)) return undefined
      text += body[++index]
    } else if (char === '_') {
      let end = index + 1
      while (body[end] === '_') end++
      if (runMayOpen('_', body[index - 1], body[end])) return undefined
      text += body.slice(index, end)
      index = end - 1
    } else if (char === '[' || char === ']') {
      if (linksDefined || body[index + 1] === (char === '[' ? '^' : '(')) return undefined
      text += char
    } else if (markupChar.test(char)) {
      return undefined
    } else {
      text += char
    }
  }
  return text
}
