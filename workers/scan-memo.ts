/**
 * Search results of the grammar's scanners, remembered by line and position.
 * Shiki tokenizes code once per theme, and the grammar walks the same rules
 * whatever the theme, so the second pass makes the first one's searches
 * again; a line tokenized again later (the lines of a block whose first edit
 * tokenizes it whole, a common line such as `}`) does too. A search depends
 * only on the scanner's patterns, the line and where it starts, so its
 * result can be shared; tests/workers/scan-memo.test.ts checks the output is
 * Shiki's.
 */
import type {PatternScanner, RegexEngine, RegexEngineString} from '@shikijs/core'
import {detached} from './detached.ts'
import {registerCache} from './plugins/lru.ts'

type Match = ReturnType<PatternScanner['findNextMatchSync']>

/** Bytes the remembered searches may hold before they are all let go. */
export const maxRememberedBytes = 8 * 1024 * 1024

/** Per scanner, per line: each search's result by where it started and its options. */
const scanners = new Set<Map<string, Map<number, Match>>>()
let bytes = 0

registerCache({
  clear: forgetAll,
  get bytes() {
    return bytes
  },
})

/** `engine`, its scanners remembering their searches. */
export function rememberingScans(engine: RegexEngine): RegexEngine {
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const scanner = engine.createScanner(patterns)
      const lines = new Map<string, Map<number, Match>>()
      scanners.add(lines)
      return {
        findNextMatchSync(string: string | RegexEngineString, start: number, options: number): Match {
          const line = typeof string === 'string' ? string : string.content
          let found = lines.get(line)
          // The sizes added are estimates, of a line and of a result, measured in Node after GC.
          if (found === undefined) {
            // Detached: a line cut from its block would keep the whole block, uncounted.
            lines.set(detached(line), (found = new Map()))
            bytes += 128 + 2 * line.length
          }
          // The options are bits below 16 (vscode-textmate's FindOption).
          const key = start * 16 + options
          let match = found.get(key)
          if (match === undefined) {
            match = scanner.findNextMatchSync(string, start, options)
            found.set(key, match)
            bytes += 176 + 72 * (match?.captureIndices.length ?? 0)
            // Over the budget: start afresh rather than track which to keep.
            if (bytes > maxRememberedBytes) forgetAll()
          }
          return match
        },
        dispose() {
          scanners.delete(lines)
          scanner.dispose?.()
        },
      }
    },
  }
}

/** The estimated bytes the remembered searches hold. */
export function rememberedBytes(): number {
  return bytes
}

function forgetAll(): void {
  for (const lines of scanners) lines.clear()
  bytes = 0
}
