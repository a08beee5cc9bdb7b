import {readFile} from 'node:fs/promises'
import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {runSession} from '../../cli/session-run.ts'
import {markdownToHast} from '../../workers/pipeline.ts'
import {runCli} from './run-cli.ts'

describe('render CLI through a session', () => {
  it('should print the same HTML with --stream as a full render', async () => {
    const [plain, streamed] = await Promise.all([
      runCli(['--fragment', 'tests/fixtures/features.md']),
      runCli(['--fragment', '--stream', '97', 'tests/fixtures/features.md']),
    ])
    expect(streamed.code).toBe(0)
    expect(streamed.stdout).toBe(plain.stdout)
  })

  it('should print figures as one JSON line on stderr with --stats', async () => {
    const result = await runCli(['--fragment', '--stream', '400', '--edits', '3', '--stats', 'tests/fixtures/features.md'])
    expect(result.code).toBe(0)
    const stats = JSON.parse(result.stderr.trim().split('\n').pop()!)
    expect(Object.keys(stats).sort()).toEqual(['blocks', 'blocksRendered', 'chunks', 'edits', 'fullRenderMs', 'maxMs', 'p50Ms', 'p95Ms', 'totalMs'].sort())
    expect(stats.edits).toBe(3)
    expect(stats.chunks).toBeGreaterThan(5)
    expect(stats.fullRenderMs).toBeGreaterThan(0)
  })

  it('should reject a --stream that is not a positive whole number', async () => {
    const result = await runCli(['--stream', '0', 'tests/fixtures/features.md'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Expected --stream to be a whole number of at least 1')
  })

  it('should end random edits with the HTML of a full render of the edited text', async () => {
    const text = await readFile('tests/fixtures/features.md', 'utf8')
    const run = await runSession(text, {stream: undefined, edits: 25, seed: 7, compare: false})
    expect(run.text).not.toBe(text)
    expect(toHtml(run.hast)).toBe(toHtml((await markdownToHast(run.text)).hast))
  })
})
