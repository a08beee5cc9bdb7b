import {expect, it} from 'vitest'
import {parseBenchArgs} from '../../scripts/bench-args.ts'
import {parseSizes} from '../../src/bench/bench-state.ts'
import {formatFigure, formatRatio, markdownTable, ratio} from '../../src/bench/summary.ts'

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
  expect(args).toMatchObject({documents: ['gen:10000'], modes: ['offthread', 'main-thread', 'react-markdown'], scenarios: ['open'], chunksPerSecond: 100, pool: undefined})
  expect(parseBenchArgs([]).documents).toEqual(['gen:10000', 'gen:1000000'])
  expect(() => parseBenchArgs(['--modes', 'fast'])).toThrow(/Expected a mode/)
  expect(() => parseBenchArgs(['--rate', '0'])).toThrow(/--rate/)
})
