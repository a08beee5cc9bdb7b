/**
 * remark-math with GitHub's (and Pandoc's) rule for single-dollar math, so
 * that prices stay prose: `It costs $5 and $10.` is not math.
 *
 * The rule (Pandoc manual, "Math"): the opening `$` must have a non-space
 * character right after it, the closing `$` a non-space character right
 * before it, and the closing `$` must not be followed by a digit. As in
 * Pandoc's parser, the first `$` after the opener decides: if it cannot
 * close, the opener is plain text. `$$…$$` in text and `$$` blocks keep
 * remark-math's own behaviour.
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
const backslash = 92

const strictMathText: Construct = {
  name: 'mathTextStrict',
  tokenize: tokenizeStrictMathText,
  previous(code) {
    // Not after another `$` (that one would have started its own sequence).
    return code !== dollar || this.events[this.events.length - 1]?.[1].type === 'characterEscape'
  },
}

function tokenizeStrictMathText(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
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
    if (code === dollar) {
      if (afterSpace) return nok(code)
      effects.enter('mathTextSequence')
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
    if (code === null || markdownLineEnding(code) || code === dollar) {
      effects.exit('mathTextData')
      return between(code)
    }
    afterSpace = code === 32 || code === 9 || code === -2 || code === -1
    effects.consume(code)
    // `\$` inside math is TeX's dollar, not a closer.
    return code === backslash ? escaped : data
  }

  function escaped(code: Code): State | undefined {
    if (code === null || markdownLineEnding(code)) return data(code)
    effects.consume(code)
    return data
  }

  function afterClose(code: Code): State | undefined {
    // A digit after the closer (`$5 and $10`): not math at all.
    if (asciiDigit(code)) return nok(code)
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
