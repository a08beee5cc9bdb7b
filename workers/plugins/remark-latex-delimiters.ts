/**
 * LaTeX's own math delimiters, as chat models write them: `\(…\)` inline and
 * `\[…\]` display, beside remark-math's `$` forms.
 *
 * In CommonMark `\(` and `\[` are escaped punctuation, so the rule is kept
 * narrow to leave prose alone: either delimiter needs its closer in the
 * same paragraph (else the backslash escapes as before), and `\[` opens
 * display math only at the start of a line, with its `\]` followed by the
 * end of the line, a space or a mark of punctuation; so `arr\[0\]` and
 * `\[not a link\](url)` stay text. Display math alone in its paragraph
 * becomes a display block, as `$$` on lines of its own does.
 */
import type {Code, Construct, Effects, State, TokenizeContext} from 'micromark-util-types'
import {markdownLineEnding, markdownLineEndingOrSpace} from 'micromark-util-character'
import type {Paragraph, Parent, Root, RootContent} from 'mdast'
import type {Processor} from 'unified'
import type {VFile} from 'vfile'

const backslash = 92
const leftParen = 40
const rightParen = 41
const leftBracket = 91
const rightBracket = 93
/** What may follow a display closer: `.`, `,`, `;`, `:`, `!`, `?`. */
const afterDisplay = new Set([46, 44, 59, 58, 33, 63])

const latexMath: Construct = {name: 'latexMath', tokenize: tokenizeLatexMath}

/**
 * Per parse and closer, the span an opener searched to its paragraph's end
 * without finding the closer: an opener inside it finds none either, so
 * `\(` repeated thousands of times stays linear.
 */
const unclosed = new WeakMap<object, Map<number, {from: number; to: number}>>()

function tokenizeLatexMath(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  const lineStart = this.previous === null || markdownLineEnding(this.previous)
  const self = this
  const at = this.now().offset
  let spans = unclosed.get(this.parser)
  if (!spans) unclosed.set(this.parser, (spans = new Map()))
  const searched = spans

  return start

  function start(code: Code): State | undefined {
    effects.enter('mathText')
    effects.enter('mathTextSequence')
    effects.consume(code)
    return open
  }

  function open(code: Code): State | undefined {
    let closer: number
    if (code === leftParen) closer = rightParen
    else if (code === leftBracket && lineStart) closer = rightBracket
    else return nok(code)
    const span = searched.get(closer)
    if (span && at > span.from && at < span.to) return nok(code)
    effects.consume(code)
    effects.exit('mathTextSequence')
    const unclosedToEnd: State = (code) => {
      searched.set(closer, {from: at, to: self.now().offset})
      return nok(code)
    }
    return mathContent(effects, closer, ok, nok, unclosedToEnd)
  }
}

/** The math after an opener, up to its closer; `atEnd` when the paragraph ends first. */
function mathContent(effects: Effects, closer: number, ok: State, nok: State, atEnd: State): State {
  const close: Construct = {tokenize: closerTokenizer(closer), partial: true}
  // Anything but white space inside: `\( \)` is not math.
  let filled = false

  return between

  function between(code: Code): State | undefined {
    if (code === null) return atEnd(code)
    if (code === backslash) return effects.check(close, closeSequence, escapeStart)(code)
    if (markdownLineEnding(code)) {
      effects.enter('lineEnding')
      effects.consume(code)
      effects.exit('lineEnding')
      return between
    }
    effects.enter('mathTextData')
    return data(code)
  }

  function data(code: Code): State | undefined {
    if (code === null || markdownLineEnding(code) || code === backslash) {
      effects.exit('mathTextData')
      return between(code)
    }
    if (!markdownLineEndingOrSpace(code)) filled = true
    effects.consume(code)
    return data
  }

  // A backslash that does not close: it and the character after it are TeX (`\\`, `\{`).
  function escapeStart(code: Code): State | undefined {
    effects.enter('mathTextData')
    effects.consume(code)
    filled = true
    return escaped
  }

  function escaped(code: Code): State | undefined {
    if (code === null || markdownLineEnding(code)) return data(code)
    effects.consume(code)
    return data
  }

  function closeSequence(code: Code): State | undefined {
    if (!filled) return nok(code)
    effects.enter('mathTextSequence')
    effects.consume(code)
    return closeMarker
  }

  function closeMarker(code: Code): State | undefined {
    effects.consume(code)
    effects.exit('mathTextSequence')
    effects.exit('mathText')
    return ok
  }
}

/** A backslash and `closer`; after `\]`, only the end of the line, a space or punctuation. */
function closerTokenizer(closer: number) {
  return function tokenizeCloser(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    return (code) => {
      effects.enter('mathTextSequence')
      effects.consume(code)
      return (code: Code) => {
        if (code !== closer) return nok(code)
        effects.consume(code)
        effects.exit('mathTextSequence')
        return closer === rightParen ? ok : after
      }
    }
    function after(code: Code): State | undefined {
      return code === null || markdownLineEndingOrSpace(code) || afterDisplay.has(code) ? ok(code) : nok(code)
    }
  }
}

/** Inline math that `\[` opened: display math (KaTeX's display mode). */
function markDisplay(tree: Root, file: VFile): void {
  const source = String(file.value)
  const visit = (parent: Parent) => {
    for (const [index, node] of parent.children.entries()) {
      if (node.type === 'inlineMath' && source.startsWith('\\[', node.position?.start.offset ?? -1)) {
        node.data = {...node.data, hProperties: {className: ['language-math', 'math-display']}}
      } else if ('children' in node) {
        visit(node)
        if (node.type === 'paragraph') {
          const block = displayBlock(node)
          if (block) parent.children[index] = block
        }
      }
    }
  }
  visit(tree)
}

/** A paragraph of display math alone, as a `$$` block. */
function displayBlock(paragraph: Paragraph): Extract<RootContent, {type: 'math'}> | undefined {
  const content = paragraph.children.filter((child) => child.type !== 'text' || child.value.trim() !== '')
  const math = content[0]
  if (content.length !== 1 || math?.type !== 'inlineMath') return undefined
  const classes = (math.data?.hProperties as {className?: string[]} | undefined)?.className
  if (!classes?.includes('math-display')) return undefined
  const value = math.value.trim()
  const code = {
    type: 'element' as const,
    tagName: 'code',
    properties: {className: ['language-math', 'math-display']},
    children: [{type: 'text' as const, value}],
  }
  return {type: 'math', value, position: paragraph.position, data: {hName: 'pre', hChildren: [code]}}
}

/** Add `\(…\)` and `\[…\]` math (after remark-math). */
export default function remarkLatexDelimiters(this: Processor) {
  const data = this.data()
  const extensions = data.micromarkExtensions ?? (data.micromarkExtensions = [])
  extensions.push({text: {[backslash]: latexMath}})
  return (tree: Root, file: VFile) => {
    if (String(file.value).includes('\\')) markDisplay(tree, file)
  }
}
