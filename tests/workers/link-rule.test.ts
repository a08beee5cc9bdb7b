import {toHtml} from 'hast-util-to-html'
import {describe, expect, it} from 'vitest'
import {applyLinkRule, urlScheme} from '../../workers/link-rule.ts'
import {markdownToHast} from '../../workers/pipeline.ts'

const kept = [
  'http://example.com',
  'https://example.com/a?b#c',
  'HTTPS://EXAMPLE.COM',
  'HtTp://example.com',
  'mailto:someone@example.com',
  'MAILTO:someone@example.com',
  'tel:+1-555-0100',
  'TEL:+15550100',
  '/absolute/path',
  'relative/path.md',
  './here',
  '../up',
  '//example.com/protocol-relative',
  '#fragment',
  '#',
  '?query=1',
  '',
  'file.html?next=javascript:alert(1)',
  'path/with:colon',
  'a#b:c',
]

const inert = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u001fjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'javascript\t:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  'ftp://example.com',
  'blob:https://example.com/uuid',
  'about:blank',
  'chrome://settings',
  'x:y',
  'irc://example.com',
  'xmpp:a@b',
  'java script:alert(1)',
  'javascript\\:alert(1)',
]

describe('link rule', () => {
  it.each(kept)('should keep %j', (url) => {
    expect(applyLinkRule(url)).toBe(url)
  })

  it.each(inert)('should make %j inert', (url) => {
    expect(applyLinkRule(url)).toBe('#')
  })

  it('should read the scheme the way a browser does', () => {
    expect(urlScheme('  HTTPS://x')).toBe('https')
    expect(urlScheme('ja\tva\nscript:x')).toBe('javascript')
    expect(urlScheme('a/b:c')).toBeUndefined()
    expect(urlScheme('a?b:c')).toBeUndefined()
    expect(urlScheme('a#b:c')).toBeUndefined()
  })
})

async function html(markdown: string) {
  return toHtml((await markdownToHast(markdown)).hast)
}

function hrefs(output: string, attribute = 'href') {
  return [...output.matchAll(new RegExp(`${attribute}="([^"]*)"`, 'g'))].map((match) => match[1])
}

describe('link rule in rendered markdown', () => {
  it('should apply to inline links', async () => {
    expect(hrefs(await html('[a](javascript:alert(1)) [b](https://ok.example) [c](#top) [d](?q)'))).toEqual(['#', 'https://ok.example', '#top', '?q'])
  })

  it('should apply to autolinks and bare links', async () => {
    const output = await html('<javascript:alert(1)> <https://a.example> www.b.example c@d.example <tel:+1555>')
    expect(hrefs(output)).toEqual(['#', 'https://a.example', 'http://www.b.example', 'mailto:c@d.example', 'tel:+1555'])
  })

  it('should apply to reference definitions', async () => {
    const output = await html('[a][x] [b][y]\n\n[x]: jav&#x61;script:alert(1)\n[y]: MAILTO:me@example.com')
    expect(hrefs(output)).toEqual(['#', 'MAILTO:me@example.com'])
  })

  it('should apply after entity decoding in raw HTML anchors', async () => {
    const output = await html(
      [
        '<a href="jav&#x09;ascript:alert(1)">1</a>',
        '<a href="&#106;avascript:alert(1)">2</a>',
        '<a href="javascript&colon;alert(1)">3</a>',
        '<a href="  JaVaScRiPt:alert(1)">4</a>',
        '<a href="java&NewLine;script:alert(1)">5</a>',
        '<a href="https://ok.example">6</a>',
      ].join(' '),
    )
    expect(hrefs(output)).toEqual(['#', '#', '#', '#', '#', 'https://ok.example'])
  })

  it('should apply to image sources, markdown and raw', async () => {
    const output = await html(
      '![a](javascript:alert(1)) ![b](data:image/svg+xml;base64,PHN2Zz4=) ![c](img.png) <img src="vbscript:x"> <img src="https://x.example/i.png">',
    )
    expect(hrefs(output, 'src')).toEqual(['#', '#', 'img.png', '#', 'https://x.example/i.png'])
  })

  it('should apply to cite addresses', async () => {
    expect(hrefs(await html('<blockquote cite="javascript:alert(1)">q</blockquote>'), 'cite')).toEqual(['#'])
  })
})
