import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {runCli} from './run-cli.ts'

const features = 'tests/fixtures/features.md'
let temp: string

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'offthread-render-'))
})

afterAll(async () => {
  await rm(temp, {recursive: true, force: true})
})

// Each run starts Node and loads grammars, so the runs go side by side.
describe.concurrent('npm run render', () => {
  test('should print only the rendered body with `--fragment`', async () => {
    const {code, stdout, stderr} = await runCli(['--fragment', features])
    expect(code).toBe(0)
    expect(stdout.startsWith('<h1')).toBe(true)
    expect(stdout).not.toContain('<!doctype')
    expect(stdout).not.toContain('<style')
    expect(stdout).toContain('<h1 data-line-start="1" data-line-end="1">Offthread feature tour</h1>')
    expect(stdout).toContain('<th align="center">Center</th>')
    expect(stdout).toContain('<del>strikethrough</del>')
    expect(stdout).toContain('class="task-list-item"')
    expect(stdout).toContain('<a href="http://www.example.com">www.example.com</a>')
    expect(stdout).toContain('<a href="mailto:contact@example.com">')
    expect(stdout).toContain('class="katex"')
    expect(stdout).toContain('class="katex-display"')
    expect(stdout).toContain('class="katex-error"')
    expect(stdout).toContain('It costs $5 and $10.')
    expect(stdout).toContain('class="shiki shiki-themes github-light-default github-dark-default"')
    expect(stdout).toContain('data-language="rust"')
    expect(stdout).toContain('<kbd>Ctrl</kbd>')
    expect(stdout).toContain('class="footnotes"')
    expect(stdout).not.toMatch(/javascript:|vbscript:|data:text/i)
    expect(stdout).not.toContain('<script')
    // GitHub's and chat models' syntax.
    expect(stdout).toContain('Emoji shortcodes 🎉 👍, not in <code>:code:</code>')
    expect(stdout).toMatch(/<div class="math-block"[^>]*><span class="katex-display">/)
    expect(stdout).toContain('Escaped brackets stay text: arr[0].')
    expect(stdout).toMatch(/<div class="markdown-alert markdown-alert-note"[^>]*>\n<p class="markdown-alert-title"><svg class="octicon octicon-info"/)
    expect(stdout).toContain('<div class="markdown-alert markdown-alert-warning"')
    // Content problems are reported where they are, and do not fail the run.
    expect(stderr).toMatch(/^tests\/fixtures\/features\.md:70:19: Could not render math with KaTeX: .+ \[[\w-]+\]$/m)
    expect(stderr).toContain('tests/fixtures/features.md:135:1: Unknown language `brainfudge`; the code is shown plain [unknown-language]')
  })

  test('should write a standalone document with KaTeX fonts and Shiki styles inlined', async () => {
    // The page around the body: a formula and a code block are all it takes (the feature tour is rendered above).
    const {code, stdout} = await runCli(['-'], '# A standalone page\n\nA formula, $x^2$.\n\n```rust\nfn main() {}\n```\n')
    expect(code).toBe(0)
    expect(stdout.startsWith('<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">')).toBe(true)
    expect(stdout).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(stdout).toContain('<title>A standalone page</title>')
    expect(stdout).toContain('<article class="markdown-body">\n<h1')
    expect(stdout).toMatch(/@font-face\{[^}]*font-family:KaTeX_Main;[^}]*src:url\(data:font\/woff2;base64,[\w+/=]+\) format\("woff2"\)\}/)
    expect(stdout).not.toMatch(/url\((?!data:)/)
    expect(stdout).toContain('.katex-display')
    expect(stdout).toContain('.shiki, .shiki span { color: var(--shiki-light); background-color: var(--shiki-light-bg); }')
    expect(stdout).toContain('@media (prefers-color-scheme: dark)')
    expect(stdout).toContain('[data-theme="dark"] .shiki span')
    expect(stdout.trimEnd().endsWith('</article>\n</body>\n</html>')).toBe(true)
  })

  test('should read markdown from stdin when the file is `-`', async () => {
    const {code, stdout, stderr} = await runCli(['-'], '# 1 < 2 & 3\n\nSome *text*.\n')
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toContain('<title>1 &#x3C; 2 &#x26; 3</title>')
    expect(stdout).toContain('<p data-line-start="3" data-line-end="3">Some <em>text</em>.</p>')
  })

  test("should take the page's title from the front matter, in a full render and a streamed one", async () => {
    const markdown = '---\ntitle: From the front matter\n---\n# A heading\n'
    for (const args of [['-'], ['--stream', '7', '-']]) {
      const {code, stdout} = await runCli(args, markdown)
      expect(code).toBe(0)
      expect(stdout).toContain('<title>From the front matter</title>')
      expect(stdout).toContain('<table data-table-type="yaml-metadata"')
      expect(stdout).toContain('.markdown-alert-title')
    }
  })

  test('should show front matter with an unknown tag or a list as a key as read, and print nothing about it', async () => {
    const {code, stdout, stderr} = await runCli(['--fragment', '-'], '---\nnote: !custom value\n[a, b]: 1\n---\nText.\n')
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toContain('<table data-table-type="yaml-metadata"')
    expect(stdout).toContain('value')
  })

  test('should name stdin `<stdin>` in content problems', async () => {
    const {code, stderr} = await runCli(['--fragment', '-'], 'Fine.\n\n```nope\nx\n```\n')
    expect(code).toBe(0)
    expect(stderr).toBe('<stdin>:3:1: Unknown language `nope`; the code is shown plain [unknown-language]\n')
  })

  test('should write to the file given with `--out` and print nothing', async () => {
    const out = join(temp, 'out.html')
    const {code, stdout} = await runCli(['--out', out, '-'], '# Saved\n')
    expect(code).toBe(0)
    expect(stdout).toBe('')
    const html = await readFile(out, 'utf8')
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(html).toContain('<title>Saved</title>')
  })

  test('should fail with exit code 1 when `--out` cannot be written', async () => {
    const out = join(temp, 'missing-folder', 'out.html')
    const {code, stderr} = await runCli(['--fragment', '-o', out, '-'], '# x\n')
    expect(code).toBe(1)
    expect(stderr).toMatch(new RegExp(`^render: ${out.replace(/[.\\]/g, '\\$&')}: cannot write: .*ENOENT`))
  })

  test('should refuse a missing file and name it', async () => {
    const {code, stdout, stderr} = await runCli(['tests/fixtures/does-not-exist.md'])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe('render: tests/fixtures/does-not-exist.md: no such file\n')
  })

  test('should refuse a directory', async () => {
    const {code, stderr} = await runCli(['tests/fixtures'])
    expect(code).toBe(1)
    expect(stderr).toBe('render: tests/fixtures: is a directory, expected a markdown file\n')
  })

  test('should refuse a binary file', async () => {
    const file = join(temp, 'image.png')
    await writeFile(file, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))
    const {code, stdout, stderr} = await runCli([file])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(`render: ${file}: looks like a binary file (NUL byte at offset 8); expected UTF-8 markdown\n`)
  })

  test('should refuse invalid UTF-8 and say where it is', async () => {
    // `naïve` saved as Latin-1 (0xEF) after valid UTF-8 (`é`) on line 1.
    const latin1 = Uint8Array.from([...Buffer.from('# Caf\u00e9\n\nna'), 0xef, 0x76, 0x65, 0x0a])
    const {code, stdout, stderr} = await runCli(['-'], latin1)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe('render: <stdin>: invalid UTF-8 at byte 11 (line 3); expected UTF-8 markdown\n')
  })

  test('should exit 2 with the usage on an unknown option', async () => {
    const {code, stdout, stderr} = await runCli(['--nope', features])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toMatch(/^render: Unknown option '--nope'\n\nUsage: npm run render -- \[options\] FILE\n/)
  })

  test('should exit 2 when no file is given', async () => {
    const {code, stderr} = await runCli([])
    expect(code).toBe(2)
    expect(stderr).toMatch(/^render: Expected a markdown FILE, or - for stdin\n\nUsage:/)
  })

  test('should print the usage on `--help`', async () => {
    const {code, stdout, stderr} = await runCli(['--help'])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toMatch(/^Usage: npm run render -- \[options\] FILE\n/)
    expect(stdout).toMatch(/^ {2}-o, --out FILE +write the HTML to FILE instead of stdout$/m)
    expect(stdout).toMatch(/^ {6}--fragment +print only the rendered body HTML/m)
  })
})
