/**
 * Scroll sync math: map a source line to a vertical position in the preview
 * and back, from the line ranges of the preview's top-level blocks. Lines
 * are fractional (12.5 is halfway through line 12); blocks are in document
 * order, so both their lines and their positions increase.
 */

/** The preview's top-level blocks, read lazily (only O(log n) of them per lookup). */
export interface BlockGeometry {
  count: number
  /** First source line of block `index`. */
  startLine: (index: number) => number
  /** Last source line of block `index` (inclusive). */
  endLine: (index: number) => number
  /** Top of block `index` in the scrolled content, in pixels. */
  top: (index: number) => number
  /** Bottom of block `index` in the scrolled content, in pixels. */
  bottom: (index: number) => number
}

/** Largest index in `0..count-1` whose (non-decreasing) `value` is at most `target`, or -1. */
export function lastAtOrBefore(count: number, value: (index: number) => number, target: number): number {
  let low = 0
  let high = count - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (value(middle) <= target) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

/** Position in the preview where source `line` is shown. */
export function lineToY(map: BlockGeometry, line: number): number {
  const index = lastAtOrBefore(map.count, map.startLine, line)
  if (index < 0) return 0
  const start = map.startLine(index)
  const end = map.endLine(index) + 1
  if (line < end) return map.top(index) + ((line - start) / (end - start)) * (map.bottom(index) - map.top(index))
  // Between two blocks (blank lines, or a block without lines such as footnotes).
  if (index + 1 >= map.count) return map.bottom(index)
  const nextStart = map.startLine(index + 1)
  const ratio = nextStart > end ? (line - end) / (nextStart - end) : 0
  return map.bottom(index) + ratio * (map.top(index + 1) - map.bottom(index))
}

/** Source line shown at position `y` of the preview. */
export function yToLine(map: BlockGeometry, y: number): number {
  const index = lastAtOrBefore(map.count, map.top, y)
  if (index < 0) return map.count > 0 ? map.startLine(0) : 1
  const start = map.startLine(index)
  const end = map.endLine(index) + 1
  const top = map.top(index)
  const bottom = map.bottom(index)
  if (y < bottom) return start + (bottom > top ? (y - top) / (bottom - top) : 0) * (end - start)
  if (index + 1 >= map.count) return end
  const nextTop = map.top(index + 1)
  const ratio = nextTop > bottom ? (y - bottom) / (nextTop - bottom) : 0
  return end + ratio * (map.startLine(index + 1) - end)
}
