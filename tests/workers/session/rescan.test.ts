/**
 * A session scans again only from the last line of the block a change went
 * into, and counts the lines it adds: at every step of a stream, and after
 * edits, its blocks must be those of a fresh scan of the whole text.
 */
import fs from 'node:fs'
import {describe, expect, it} from 'vitest'
import {generateReply} from '../../../shared/gen-reply.ts'
import {scanBlocks} from '../../../workers/incremental/block-scanner.ts'
import {countLines} from '../../../workers/incremental/render-block.ts'
import {editBetween} from '../../../shared/text-change.ts'
import {rescan, type Entry} from '../../../workers/session/scan.ts'

let ids = 0
const newId = () => `b${++ids}`
/** The blocks of `next`, scanned again from those of `previous`. */
const rescanText = (entries: Entry[], previous: string, next: string) => rescan(entries, previous.length, editBetween(previous, next), newId).entries

/** The blocks `entries` stand for, as a fresh scan gives them. */
function expectFreshScan(entries: readonly Entry[], text: string): void {
  const fresh = scanBlocks(text).blocks
  expect(
    entries.map((entry) => entry.text),
    JSON.stringify(text.slice(-60)),
  ).toEqual(fresh.map(({start, end}) => text.slice(start, end)))
  expect(entries.map((entry) => entry.state)).toEqual(fresh.map((block) => block.state))
  expect(entries.map((entry) => entry.lines)).toEqual(entries.map((entry) => countLines(entry.text)))
}

const texts = [
  fs.readFileSync('tests/fixtures/features.md', 'utf8').slice(0, 6_000),
  generateReply(6_000, 3, {footnotes: true}),
  // Every line ending, fences and lists continued across blank lines, HTML left open.
  'Intro\r\r```\r\ncode\r\rmore\r```\n\nAfter\r\rPara\n\n- a\r- b\r\n\r\n  more\n\n<div>\n\nin *div*\n\n</div>\n\n<!--\n\n-->\nEnd\r',
  '~~~\n~~~~\n\n$$\nx\n\n$$\n\n    indented\n\n- a\n\n1. b\n\n[^n]: note\n    more\n[^m]: other\n\n> quote\n> more\n',
]

describe('rescanning a streamed text', () => {
  it('should give the blocks of a fresh scan after every append', () => {
    for (const text of texts) {
      let entries: Entry[] = []
      let previous = ''
      for (let end = 1; end <= text.length; end += 3) {
        const next = text.slice(0, end)
        entries = rescanText(entries, previous, next)
        previous = next
        expectFreshScan(entries, next)
      }
    }
  })

  it('should give the blocks of a fresh scan after edits anywhere', () => {
    for (const text of texts) {
      let entries = rescanText([], '', text)
      let previous = text
      for (let at = 7; at < text.length; at += 97) {
        for (const next of [previous.slice(0, at) + '\n\n' + previous.slice(at), previous.slice(0, at) + previous.slice(at + 5)]) {
          entries = rescanText(entries, previous, next)
          previous = next
          expectFreshScan(entries, next)
        }
      }
    }
  })

  it('should scan to the end when a change reaches past the blocks after it, and stop early when it does not', () => {
    const paragraphs = Array.from({length: 12}, (_, index) => `Paragraph ${index}.\n\n`).join('')
    let previous = paragraphs
    let entries = rescanText([], '', previous)
    // A fence opened near the start takes in every block after it; closed again, they come back.
    for (const next of [`A\n\n\`\`\`\n${paragraphs}`, `A\n\n${paragraphs}`, paragraphs.replace('Paragraph 3.', 'Paragraph three.')]) {
      entries = rescanText(entries, previous, next)
      previous = next
      expectFreshScan(entries, next)
    }
    const before = [...entries]
    entries = rescanText(entries, previous, previous.replace('Paragraph 5.', 'Paragraph five.'))
    expect(entries.filter((entry, index) => entry !== before[index]).map((entry) => entry.text)).toEqual(['Paragraph five.\n\n'])
  })
})
