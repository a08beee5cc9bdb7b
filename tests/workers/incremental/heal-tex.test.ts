import katex from 'katex'
import {describe, expect, it} from 'vitest'
import {healTex} from '../../../workers/incremental/heal-tex.ts'
import {closeSession} from '../../../workers/session/session.ts'
import {createClient, fullHtml, nextSessionId} from './session-helpers.ts'

/** Formulas as chat models write them: fractions, roots, matrices, cases, `\left`…`\right`, fonts and accents. */
const formulas = [
  String.raw`x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}`,
  String.raw`\begin{pmatrix} x' \\ y' \end{pmatrix} = \begin{pmatrix} \cos\theta & -\sin\theta \\ \sin\theta & \cos\theta \end{pmatrix} \begin{pmatrix} x \\ y \end{pmatrix}`,
  String.raw`\int_{-\infty}^{\infty} e^{-x^2}\,dx = \sqrt{\pi}`,
  String.raw`\sum_{k=1}^{n} k = \frac{n(n+1)}{2}, \qquad \sum_{k=1}^{n} k^2 = \frac{n(n+1)(2n+1)}{6}`,
  String.raw`\left( \frac{a}{b} \right)^2 = \left\{ x \in \mathbb{R} : x > 0 \right\}`,
  String.raw`f(x) = \begin{cases} x^2 & \text{if } x \ge 0 \\ -x & \text{otherwise} \end{cases}`,
  String.raw`\mathbf{A}\vec{v} = \lambda \vec{v}, \quad \det(A - \lambda I) = 0`,
  String.raw`\binom{n}{k} = \frac{n!}{k!(n-k)!} \approx \tfrac12 \operatorname{erf}(x)`,
  String.raw`\begin{aligned} a &= b + c \\ &= d \end{aligned}`,
  String.raw`\hat{\theta} = \arg\max_{\theta} \prod_{i=1}^{N} p(x_i \mid \theta)`,
]

/** Whether KaTeX typesets `tex` as display math without an error. */
function typesets(tex: string): boolean {
  try {
    katex.renderToString(tex, {throwOnError: true, displayMode: true})
    return true
  } catch {
    return false
  }
}

describe('healing a formula still arriving', () => {
  it('should make every prefix of a formula typeset, where most do not as they are', () => {
    const prefixes = formulas.flatMap((formula) => Array.from({length: formula.length}, (_, index) => formula.slice(0, index + 1)))
    // Without healing, a formula cut anywhere inside a group fails.
    expect(prefixes.filter((prefix) => !typesets(prefix)).length).toBeGreaterThan(prefixes.length / 2)
    expect(prefixes.filter((prefix) => !typesets(healTex(prefix)))).toEqual([])
  })

  it.each([
    [String.raw`\frac{a`, String.raw`\frac{a}{}`],
    [String.raw`\frac12 + \sqrt`, String.raw`\frac12 + `],
    [String.raw`\begin{pmatrix} a & b \\ c`, String.raw`\begin{pmatrix} a & b \\ c\end{pmatrix}`],
    [String.raw`\begin{pmat`, ''],
    [String.raw`\left( x + \frac{1}{`, String.raw`\left( x + \frac{1}{}\right.`],
    // A raw string cannot end with a backslash.
    ['\\left\\{ x \\right\\', String.raw`\left\{ x \right.`],
    ['x^{2} + y_', 'x^{2} + y'],
    [String.raw`\text{if } x \ge 0`, String.raw`\text{if } x \ge 0`],
  ])('should heal %s as %s', (tex, healed) => {
    expect(healTex(tex)).toBe(healed)
  })

  it('should stream display and inline formulas without a KaTeX error, and end equal to a full render', async () => {
    const text = [
      'The roots are',
      '',
      '$$',
      formulas[0],
      '$$',
      '',
      'Rotating by \\(\\theta\\):',
      '',
      '\\[',
      formulas[1],
      '\\]',
      '',
      `and inline \\(${formulas[4]}\\) too.`,
      '',
      `Euler: $${formulas[6]}$ for a price of $5.`,
      '',
    ].join('\n')
    const id = nextSessionId()
    const client = createClient(id)
    const failed: string[] = []
    for (let end = 3; end < text.length; end += 3) {
      const {html} = await client.update(text.slice(0, end), {heal: true})
      // An error, or a formula's source as text.
      if (html.includes('katex-error') || html.includes('$\\mathbf')) failed.push(text.slice(0, end))
    }
    expect(failed).toEqual([])
    const final = await client.update(text)
    expect(final.html).toBe(await fullHtml(text))
    closeSession(id)
  })
})
