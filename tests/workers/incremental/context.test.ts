import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {labelCandidates, oneLineFootnote, parsedDefinitions} from '../../../workers/incremental/context.ts'

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

describe('oneLineFootnote', () => {
  it('should read a one-line footnote definition as the parse does', () => {
    const text = '[^s1]: Markdown *state* and a [link](https://example.com/the) **here**.\n\n'
    expect(oneLineFootnote(text)).toEqual({
      links: new Map(),
      footnotes: new Map([['s1', {label: 's1', source: '[^s1]: Markdown *state* and a [link](https://example.com/the) **here**.'}]]),
      complex: false,
      cited: new Set(),
    })
    expect(oneLineFootnote(text)).toEqual(parsedDefinitions(text))
    expect(oneLineFootnote('[^Note]: a\n')!.footnotes.get('note')).toEqual({label: 'Note', source: '[^Note]: a'})
  })

  it('should read a definition with no text yet, or with the label of the next arriving, as the parse does', () => {
    for (const text of ['[^a]:', '[^a]: ', '[^a]:\t\n\n', '[^a]: Text.\n[', '[^a]: Text.\n[^b', '[^a]: Text, https://x.example/1.\n[^b]\n\n']) {
      expect(oneLineFootnote(text), text).toBeDefined()
      expect(oneLineFootnote(text), text).toEqual(parsedDefinitions(text))
    }
    // The label goes into the paragraph: cited, as the parse says.
    expect(oneLineFootnote('[^a]: Text.\n[^b]')!.cited).toEqual(new Set(['b']))
    // After a heading, the next line is a paragraph of its own.
    expect(oneLineFootnote('[^a]: # Title\n[^b')).toBeUndefined()
  })

  it('should leave to the parse what it cannot read alone', () => {
    for (const text of [
      '[^a]: one\ntwo',
      '[^a b]: x',
      '[^a]: see [^b]',
      '[^a]: [b]: /url',
      '[ref]: /url',
      '> [^a]: x',
      ' [^a]: x',
      '[^a]:x',
      '[^a]: x\r\n',
      '[^a]: $$',
      '[^a]: ```js',
      '[^a]: <div>',
    ]) {
      expect(oneLineFootnote(text), text).toBeUndefined()
    }
  })

  it('should count as cited what the parse counts, a bracket that normalizes to a caret too', () => {
    // Found by the property test below: `[ ^]` normalizes to `^`, a citation of the empty label.
    for (const text of ['[^A]: [ ^]', '[^a]: see [ ^b ] and [^c]\n', '[^a]: * $$ \n', '[^a]: > 1. ```\n'])
      expect(oneLineFootnote(text) ?? parsedDefinitions(text)).toEqual(parsedDefinitions(text))
    expect(oneLineFootnote('[^A]: [ ^]')?.cited).toEqual(new Set(['']))
  })

  it('should agree with the parse on any block it reads', () => {
    const piece = fc.constantFrom(
      'a',
      'Z',
      '0',
      ' ',
      '\t',
      '*',
      '_',
      '`',
      '[',
      ']',
      '^',
      ':',
      '(',
      ')',
      '<',
      '>',
      '#',
      '-',
      '+',
      '=',
      '|',
      '$',
      '\\',
      '!',
      '&',
      ';',
      '~',
      '\u00a0',
      'é',
      '\n',
    )
    const label = fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/)
    const block = fc.tuple(
      label,
      fc.constantFrom(': ', ':  ', ':\t', ':', ': \t'),
      fc.array(piece, {maxLength: 30}),
      // The next definition's first characters, on the line after.
      fc.constantFrom('', '', '\n[', '\n[^', '\n[^b', '\n[^b_', '\n[^b]', '\n[^b]:', '\n[^b] c', '\n[a]'),
      fc.constantFrom('', '\n', '\n\n', ' \n', '\t\n\n'),
    )
    fc.assert(
      fc.property(block, ([name, separator, content, next, end]) => {
        const text = `[^${name}]${separator}${content.join('')}${next}${end}`
        const fast = oneLineFootnote(text)
        if (fast !== undefined) expect(fast).toEqual(parsedDefinitions(text))
      }),
      {numRuns: 3000},
    )
  })
})
