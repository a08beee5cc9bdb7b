import {describe, expect, it} from 'vitest'
import {labelCandidates} from '../../../workers/incremental/context.ts'

describe('labelCandidates', () => {
  it('should find every label a block could use, normalised as identifiers are', () => {
    expect(labelCandidates('See [The  Docs][Ref\nOne] and [^Note] and [x].')).toEqual(['the docs', 'ref one', '^note', 'x'])
  })

  it('should keep escaped brackets inside a label and skip escaped openers', () => {
    expect(labelCandidates('[a\\]b] and \\[not] and [c\\\\]')).toEqual(['a\\]b', 'c\\\\'])
  })

  it('should take the innermost bracket pair when brackets nest', () => {
    expect(labelCandidates('[outer [inner] text]')).toEqual(['inner'])
  })

  it('should be linear on a long run of opening brackets', () => {
    const text = '['.repeat(200_000) + 'x]'
    expect(labelCandidates(text)).toEqual(['x'])
  })
})
