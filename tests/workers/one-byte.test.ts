import {serialize} from 'node:v8'
import {expect, it} from 'vitest'
import {getHighlighter} from '../../workers/highlighter.ts'
import {asOneByte} from '../../workers/one-byte.ts'
import {markdownToHast} from '../../workers/pipeline.ts'

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
  const shiki = await getHighlighter()
  const codeToHast = shiki.codeToHast
  const given: string[] = []
  shiki.codeToHast = (code, options) => {
    given.push(code)
    return codeToHast.call(shiki, code, options)
  }
  try {
    const code = 'function add(a: number, b: number) {\n  return a + b\n}\n'
    await markdownToHast(`Adding — in TypeScript:\n\n\`\`\`ts\n${code}\`\`\`\n`)
    await markdownToHast(`Adding — streamed:\n\n\`\`\`ts\n${code}const c`)
  } finally {
    shiki.codeToHast = codeToHast
  }
  expect(given.filter((code) => code.length > 0)).not.toHaveLength(0)
  for (const code of given) expect(isOneByte(code), JSON.stringify(code)).toBe(true)
})
