import {describe, expect, it} from 'vitest'
import {generateReply, replyLanguages} from '../../shared/gen-reply.ts'

/** The blocks of `text` outside its code fences. */
function blocks(text: string): string[] {
  return text
    .replace(/^```[^]*?^```$/gm, '')
    .split('\n\n')
    .filter(Boolean)
}

describe('generateReply', () => {
  it('should give the same reply for the same seed and options, another otherwise', () => {
    expect(generateReply(8_000, 3, {footnotes: false})).toBe(generateReply(8_000, 3, {footnotes: false}))
    expect(generateReply(8_000, 4, {footnotes: false})).not.toBe(generateReply(8_000, 3, {footnotes: false}))
    expect(generateReply(8_000, 3, {footnotes: true})).not.toBe(generateReply(8_000, 3, {footnotes: false}))
  })

  it('should reach at least the size asked, in ASCII', () => {
    const text = generateReply(30_000, 1, {footnotes: true})
    expect(text.length).toBeGreaterThanOrEqual(30_000)
    expect(/^[\x00-\x7f]*$/.test(text)).toBe(true)
  })

  it("should be shaped like a model's reply: long paragraphs with math, code, links and bare URLs", () => {
    const text = generateReply(100_000, 1, {footnotes: false})
    const paragraphs = blocks(text).filter((block) => /^[A-Z]/.test(block))
    expect(paragraphs.length).toBeGreaterThan(50)
    for (const paragraph of paragraphs) {
      expect(paragraph.length).toBeGreaterThanOrEqual(300)
      // The last sentence may run past the target.
      expect(paragraph.length).toBeLessThan(1_100)
    }
    expect(text).toMatch(/ \$[^$\n]+\$ /)
    expect(text).toMatch(/ `[^`\n]+` /)
    expect(text).toMatch(/\[[a-z ]+\]\(https:\/\/example\.com\//)
    expect(text).toMatch(/ https:\/\/docs\.example\.org\/\S+/)
    expect(text).toMatch(/^\| Option \|/m)
    expect(text).toMatch(/^(- |1\. )/m)
  })

  it('should carry code blocks of 1 to 3 KB in many languages', () => {
    const text = generateReply(200_000, 2, {footnotes: false})
    const fences = [...text.matchAll(/^```(\w+)\n([^]*?)\n```$/gm)]
    expect(fences.length).toBeGreaterThan(15)
    for (const [, , body] of fences) {
      expect(body!.length).toBeGreaterThanOrEqual(1_000)
      expect(body!.length).toBeLessThan(3_300)
    }
    const languages = new Set(fences.map(([, language]) => language))
    expect(languages.size).toBeGreaterThanOrEqual(12)
    for (const language of languages) expect(replyLanguages).toContain(language)
  })

  it('should cite footnotes and define each at the end only when asked', () => {
    const cited = generateReply(20_000, 5, {footnotes: true})
    const references = new Set([...cited.matchAll(/\[\^(\d+)\](?!:)/g)].map(([, id]) => id))
    const definitions = [...cited.matchAll(/^\[\^(\d+)\]: /gm)].map(([, id]) => id)
    expect(references.size).toBeGreaterThan(2)
    expect(new Set(definitions)).toEqual(references)
    expect(cited.indexOf('[^1]: ')).toBeGreaterThan(cited.length * 0.8)
    expect(generateReply(20_000, 5, {footnotes: false})).not.toMatch(/\[\^/)
  })
})
