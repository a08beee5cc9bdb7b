/**
 * remark-math with GitHub's (and Pandoc's) rule for single-dollar math, so
 * that prices stay prose: `It costs $5 and $10.` is not math.
 *
 * The rule (Pandoc manual, "Math"): the opening `$` must have a non-space
 * character right after it, the closing `$` a non-space character right
 * before it, and the closing `$` must not be followed by a digit. `$$…$$`
 * in text and `$$` blocks keep remark-math's own behaviour.
 */
import remarkMath from 'remark-math'
import type {Code, Construct, Effects, State, TokenizeContext} from 'micromark-util-types'
import {markdownLineEnding, markdownLineEndingOrSpace, asciiDigit} from 'micromark-util-character'
import type {Processor} from 'unified'

declare module 'micromark-util-types' {
  // Token types of micromark-extension-math, which this construct reuses.
  interface TokenTypeMap {
    mathText: 'mathText'
    mathTextSequence: 'mathTextSequence'
    mathTextData: 'mathTextData'
  }
}

const dollar = 36

const strictMathText: Construct = {
  name: 'mathTextStrict',
  tokenize: tokenizeStrictMathText,
  previous(code) {
    // Not after another `$` (that one would have started its own sequence).
    return code !== dollar || this.events[this.events.length - 1]?.[1].type === 'characterEscape'
  },
}

function tokenizeStrictMathText(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let closer: ReturnType<Effects['enter']> | undefined
  // Whether the last thing consumed inside the math was whitespace.
  let afterSpace = false

  return start

  function start(code: Code): State | undefined {
    effects.enter('mathText')
    effects.enter('mathTextSequence')
    effects.consume(code)
    effects.exit('mathTextSequence')
    return afterOpen
  }

  function afterOpen(code: Code): State | undefined {
    // `$$` is remark-math's; a space after the opener means "not math".
    if (code === dollar || code === null || markdownLineEndingOrSpace(code)) return nok(code)
    return between(code)
  }

  function between(code: Code): State | undefined {
    if (code === null) return nok(code)
    if (code === dollar && !afterSpace) {
      closer = effects.enter('mathTextSequence')
      effects.consume(code)
      return afterClose
    }
    if (markdownLineEnding(code)) {
      effects.enter('lineEnding')
      effects.consume(code)
      effects.exit('lineEnding')
      afterSpace = true
      return between
    }
    effects.enter('mathTextData')
    return data(code)
  }

  function data(code: Code): State | undefined {
    if (code === null || markdownLineEnding(code) || (code === dollar && !afterSpace)) {
      effects.exit('mathTextData')
      return between(code)
    }
    afterSpace = code === 32 || code === 9 || code === -2 || code === -1
    effects.consume(code)
    return data
  }

  function afterClose(code: Code): State | undefined {
    // `$$` or a digit after the closer: it was not a closer after all.
    if (code === dollar || asciiDigit(code)) {
      closer!.type = 'mathTextData'
      afterSpace = false
      return data(code)
    }
    effects.exit('mathTextSequence')
    effects.exit('mathText')
    return ok(code)
  }
}

/** Math with `$$` blocks, `$$…$$` and GitHub-style `$…$` in text. */
export default function remarkMathStrict(this: Processor) {
  remarkMath.call(this, {singleDollarTextMath: false})
  const data = this.data()
  const extensions = data.micromarkExtensions ?? (data.micromarkExtensions = [])
  extensions.push({text: {[dollar]: strictMathText}})
}
