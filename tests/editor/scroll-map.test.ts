import {describe, expect, it} from 'vitest'
import {lastAtOrBefore, lineToY, yToLine, type BlockGeometry} from '../../src/editor/scroll-map.ts'

/** Blocks as [startLine, endLine, top, bottom]. */
function geometry(blocks: [number, number, number, number][]): BlockGeometry {
  return {
    count: blocks.length,
    startLine: (index) => blocks[index]![0],
    endLine: (index) => blocks[index]![1],
    top: (index) => blocks[index]![2],
    bottom: (index) => blocks[index]![3],
  }
}

// A heading on line 1, a paragraph on lines 3-5, a code block on lines 7-16.
const map = geometry([
  [1, 1, 0, 40],
  [3, 5, 60, 120],
  [7, 16, 140, 340],
])

describe('scroll map', () => {
  it('should find the last value at or before a target', () => {
    const values = [1, 3, 3, 7]
    expect(lastAtOrBefore(values.length, (index) => values[index]!, 0)).toBe(-1)
    expect(lastAtOrBefore(values.length, (index) => values[index]!, 3)).toBe(2)
    expect(lastAtOrBefore(values.length, (index) => values[index]!, 100)).toBe(3)
  })

  it('should map a line inside a block proportionally', () => {
    expect(lineToY(map, 3)).toBe(60)
    expect(lineToY(map, 4.5)).toBe(90)
    expect(lineToY(map, 12)).toBe(240)
  })

  it('should map a line between blocks into the gap between them', () => {
    expect(lineToY(map, 2)).toBe(40)
    expect(lineToY(map, 2.5)).toBe(50)
    expect(lineToY(map, 99)).toBe(340)
  })

  it('should map positions back to the same lines', () => {
    for (const line of [1, 2.5, 3, 4.5, 6.5, 12]) expect(yToLine(map, lineToY(map, line))).toBeCloseTo(line)
    expect(yToLine(map, -10)).toBe(1)
    expect(yToLine(map, 1000)).toBe(17)
  })
})
