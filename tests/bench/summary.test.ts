import {expect, it} from 'vitest'
import {parseBenchArgs} from '../../scripts/bench-args.ts'
import {parseSizes} from '../../src/bench/bench-state.ts'
import {benchDocuments} from '../../src/bench/documents.ts'
import {formatFigure, formatRatio, markdownTable, ratio, references, scenarioColumns, summaryTables} from '../../src/bench/summary.ts'
import {chatFigures} from '../../src/bench/chat/chat-figures.ts'
import type {ChatRunPlan} from '../../src/bench/chat/chat-plan.ts'
import {noInput} from '../../src/bench/scenarios.ts'
import type {BenchResults, RunResult} from '../../src/bench/types.ts'

it('should read sizes with units', () => {
  expect(parseSizes('10k, 1m 300 2.5MB')).toEqual(['gen:10000', 'gen:1000000', 'gen:300', 'gen:2500000'])
  expect(() => parseSizes('big')).toThrow(/Expected a size/)
})

it('should take ratios only against a reference that is there and not zero', () => {
  expect(ratio(5, 10)).toBe(0.5)
  expect(ratio(5, 0)).toBeNull()
  expect(ratio(null, 10)).toBeNull()
  expect(formatRatio(0.5)).toBe('0.50×')
  expect(formatRatio(0.004)).toBe('0.004×')
  expect(formatRatio(0)).toBe('0×')
  expect(formatFigure(1234.5, 'ms')).toBe('1,235')
  expect(formatFigure(null, 'ms')).toBe('–')
})

it('should pad a markdown table', () => {
  expect(markdownTable(['a', 'bb'], [['ccc', 'd']])).toBe('| a   | bb |\n|-----|----|\n| ccc | d  |')
})

it('should parse the bench options, with aliases and defaults', () => {
  const args = parseBenchArgs(['--sizes', '10k', '--modes', 'offthread,main,rm', '--scenarios', 'open'])
  expect(args).toMatchObject({
    documents: ['gen:10000'],
    modes: ['offthread', 'main-thread', 'react-markdown'],
    scenarios: ['open'],
    chunksPerSecond: 100,
    pool: undefined,
  })
  expect(parseBenchArgs([]).documents).toEqual(['gen:10000', 'gen:1000000'])
  expect(() => parseBenchArgs(['--modes', 'fast'])).toThrow(/Expected a mode/)
  expect(() => parseBenchArgs(['--rate', '0'])).toThrow(/--rate/)
})

it('should read the profile and chat options; --chat runs the chat scenario alone', () => {
  const args = parseBenchArgs(['--profiles', 'mixed,reply-fn', '--modes', 'offthread,sd', '--chat', '--chat-rates', '150', '--chat-seconds', '0'])
  expect(args).toMatchObject({
    profiles: ['mixed', 'reply-fn'],
    modes: ['offthread', 'streamdown'],
    scenarios: ['chat'],
    chatRates: [150],
    chatReplies: 3,
    chatSeconds: 0,
  })
  expect(parseBenchArgs([])).toMatchObject({profiles: ['mixed'], scenarios: ['open', 'type', 'stream'], chatRates: [40, 150, 600]})
  expect(() => parseBenchArgs(['--profiles', 'prose'])).toThrow(/Expected a profile/)
})

it('should make each generated size in each profile picked', () => {
  expect(benchDocuments({documents: ['gen:10000', 'current'], profiles: ['mixed', 'reply', 'reply-fn']})).toEqual([
    'gen:10000',
    'reply:10000',
    'reply-fn:10000',
    'current',
  ])
})

it('should give the chat scenario its own figures, with ratios against Streamdown too', () => {
  expect(scenarioColumns.chat.map((column) => column.label)).toEqual([
    'main ms/chunk',
    'lag p95',
    'stream lag max',
    'long tasks',
    'longest task',
    'dropped frames',
    'main CPU ms/s',
    'worker CPU ms/s',
    'heap peak',
  ])
  expect(references).toContain('streamdown')
  const document = {id: 'chat:150:plain', label: 'Chat 150 chars/s', bytes: 9000}
  const plan: ChatRunPlan = {mode: 'offthread', cps: 150, footnotes: false, replies: [], document}
  const recording = {
    longTasks: {count: 0, totalMs: 0, longestMs: 0},
    frames: {frames: 60, dropped: 0, longestGapMs: 17},
    frameGaps: [],
    heap: {beforeBytes: null, peakBytes: null, afterBytes: null},
  }
  // Ten chunks whose one commit took `mainMs`.
  const run = (mode: RunResult['mode'], mainMs: number): RunResult => ({
    mode,
    scenario: 'chat',
    document,
    figures: chatFigures({
      plan: {...plan, mode},
      recording,
      points: [{t: 0, version: 1, partial: false, mainMs, workerMs: null, paintedAt: 1}],
      lags: [20],
      chunks: 10,
      chars: 100,
      streamMs: 1000,
      cpu: null,
      durationMs: 1000,
      input: noInput,
    }),
    timeline: [],
    frameGaps: [],
    notes: [],
  })
  const results = {runs: [run('offthread', 5), run('streamdown', 40)]} as unknown as BenchResults
  expect(summaryTables(results)).toMatch(/\| Chat 150 chars\/s\s*\| Offthread\s*\| ÷ Streamdown\s*\| 0\.13×/)
})
