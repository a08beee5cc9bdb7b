import {describe, expect, it} from 'vitest'
import {generateMarkdown, random} from '../../shared/gen-samples.ts'

describe('generateMarkdown', () => {
  it('should give the same document for the same seed, another for another', () => {
    expect(generateMarkdown(5_000, 7)).toBe(generateMarkdown(5_000, 7))
    expect(generateMarkdown(5_000, 8)).not.toBe(generateMarkdown(5_000, 7))
  })

  it('should reach at least the size asked, in ASCII', () => {
    const text = generateMarkdown(20_000, 1)
    expect(text.length).toBeGreaterThanOrEqual(20_000)
    expect(/^[\x00-\x7f]*$/.test(text)).toBe(true)
  })
})

describe('random', () => {
  it('should repeat its sequence for a seed, within [0, 1)', () => {
    const a = random(42)
    const b = random(42)
    const values = Array.from({length: 100}, () => a())
    expect(values).toEqual(Array.from({length: 100}, () => b()))
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true)
  })
})
