import {serialize} from 'node:v8'
import {expect, it} from 'vitest'
import type {Element} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {getHighlighter, shikiOptions} from '../../workers/highlighter.ts'
import {asOneByte} from '../../workers/one-byte.ts'
import {markdownToHast} from '../../workers/pipeline.ts'
import {givenToShiki} from './incremental/session-helpers.ts'

/** Whether V8 stores `text` one byte per character: its serializer writes such a string with the tag `"`. */
const isOneByte = (text: string) => serialize(text)[2] === '"'.charCodeAt(0)

/** `text` as a slice of a two-byte string, as the code of a document with one em dash in it is. */
const twoByte = (text: string) => `\u2014${text}`.slice(1)

it('should give the same text, one byte per character, when all of it is Latin-1', () => {
  const text = twoByte('const café = "\0\xff"\n'.repeat(20))
  expect(isOneByte(text)).toBe(false)
  expect(asOneByte(text)).toBe(text)
  expect(isOneByte(asOneByte(text))).toBe(true)
  const wide = twoByte('const arrow = "→"\n'.repeat(20))
  expect(asOneByte(wide)).toBe(wide)
})

it('should give Shiki the code of a document with a character past Latin-1 one byte per character', async () => {
  const code = 'function add(a: number, b: number) {\n  return a + b\n}\n'
  const given = await givenToShiki(async () => {
    await markdownToHast(`Adding — in TypeScript:\n\n\`\`\`ts\n${code}\`\`\`\n`)
    await markdownToHast(`Adding — streamed:\n\n\`\`\`ts\n${code}const c`)
  })
  expect(given.filter((code) => code.length > 0)).not.toHaveLength(0)
  for (const code of given) expect(isOneByte(code), JSON.stringify(code)).toBe(true)
})

it('should give Shiki the lines around a line past Latin-1 one byte per character, and highlight as Shiki does the whole', async () => {
  const code = 'let total = 0\nfor (const x of xs) total += x\n// → the sum\nconst mean = total / xs.length\nexport {mean}\n'
  let pre: Element | undefined
  const given = await givenToShiki(async () => {
    pre = (await markdownToHast(`\`\`\`js\n${code}\`\`\`\n`)).hast.children.find((node): node is Element => node.type === 'element')
  })
  const latin1 = given.filter((text) => /^[\0-\xff]+$/.test(text))
  expect(latin1.join('\n')).toContain('const mean')
  for (const text of latin1) expect(isOneByte(text), JSON.stringify(text)).toBe(true)
  const shiki = await getHighlighter()
  const whole = shiki.codeToHast(code.slice(0, -1), shikiOptions('javascript')).children[0] as Element
  expect(toHtml(pre!.children)).toBe(toHtml(whole.children))
})
