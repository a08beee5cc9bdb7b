import {describe, expect, test} from 'vitest'
import {parseRenderArgs, usage} from '../../cli/args.ts'
import {formatMessage} from '../../cli/format-message.ts'

describe('parseRenderArgs', () => {
  test('should take one file and default to a full document on stdout', () => {
    expect(parseRenderArgs(['notes.md'])).toEqual({
      type: 'render',
      args: {input: 'notes.md', out: undefined, fragment: false, stream: undefined, edits: 0, seed: 1, stats: false, diagrams: true},
    })
  })

  test('should take `-` as stdin and options in any order', () => {
    expect(parseRenderArgs(['--out', 'a.html', '-', '--no-diagrams', '--fragment'])).toEqual({
      type: 'render',
      args: {input: '-', out: 'a.html', fragment: true, stream: undefined, edits: 0, seed: 1, stats: false, diagrams: false},
    })
    expect(parseRenderArgs(['-o', 'b.html', 'x.md'])).toMatchObject({args: {out: 'b.html'}})
  })

  test('should ask for help when `-h` or `--help` is given, unless an option is unknown', () => {
    expect(parseRenderArgs(['--nope-not-parsed-yet', '-h'])).toMatchObject({type: 'usage-error'})
    expect(parseRenderArgs(['-h'])).toEqual({type: 'help'})
    expect(parseRenderArgs(['x.md', '--help'])).toEqual({type: 'help'})
  })

  test('should report usage errors in one sentence', () => {
    expect(parseRenderArgs(['--nope', 'x.md'])).toEqual({type: 'usage-error', message: "Unknown option '--nope'"})
    expect(parseRenderArgs([])).toEqual({type: 'usage-error', message: 'Expected a markdown FILE, or - for stdin'})
    expect(parseRenderArgs(['a.md', 'b.md'])).toEqual({type: 'usage-error', message: 'Expected one FILE, not 2: a.md b.md'})
    expect(parseRenderArgs(['x.md', '--out'])).toMatchObject({type: 'usage-error', message: expect.stringContaining('--out')})
    expect(parseRenderArgs(['--fragment=yes', 'x.md'])).toMatchObject({type: 'usage-error'})
  })

  test('should take session options as whole numbers', () => {
    expect(parseRenderArgs(['--stream', '40', '--edits', '5', '--seed', '9', '--stats', 'x.md'])).toMatchObject({
      args: {stream: 40, edits: 5, seed: 9, stats: true},
    })
    expect(parseRenderArgs(['--edits', '-1', 'x.md'])).toMatchObject({type: 'usage-error'})
    expect(parseRenderArgs(['--stream', '1.5', 'x.md'])).toMatchObject({type: 'usage-error', message: expect.stringContaining('--stream')})
  })

  test('should list every option in the usage', () => {
    expect(usage).toContain('  -o, --out FILE    write the HTML to FILE instead of stdout')
    expect(usage).toContain('      --fragment    print only the rendered body HTML')
    expect(usage).toContain('  -h, --help        show this help')
  })
})

describe('formatMessage', () => {
  test('should put the place first and the rule last, as compilers do', () => {
    const message = {reason: 'Unknown language `x`', line: 3, column: 1, ruleId: 'unknown-language'}
    expect(formatMessage('a.md', message)).toBe('a.md:3:1: Unknown language `x` [unknown-language]')
  })

  test('should leave out what is unknown and keep the message on one line', () => {
    const message = {reason: 'Bad math:\n  \\frac{', line: undefined, column: undefined, ruleId: undefined}
    expect(formatMessage('<stdin>', message)).toBe('<stdin>: Bad math: \\frac{')
    expect(formatMessage('a.md', {...message, line: 2})).toBe('a.md:2: Bad math: \\frac{')
  })
})
