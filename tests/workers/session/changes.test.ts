/**
 * A session takes its text whole or as a change to the text of its last
 * update. A change it cannot build on must fail with the error the main
 * thread answers by sending the whole text, and never render a wrong text.
 */
import {describe, expect, it} from 'vitest'
import {toHtml} from 'hast-util-to-html'
import {createSessionMirror} from '../../../shared/protocol.ts'
import {editBetween, staleBaseError} from '../../../shared/text-change.ts'
import {closeSession, renderSession} from '../../../workers/session/session.ts'
import {fullHtml, nextSessionId} from '../incremental/session-helpers.ts'

describe('a session given changes', () => {
  it('should refuse a change to a text it does not hold, with the error that asks for the whole text', async () => {
    const id = nextSessionId()
    const stale = {name: staleBaseError}
    // No session yet.
    await expect(renderSession(id, {base: 1, from: 0, to: 0, insert: 'a'}, 1)).rejects.toMatchObject(stale)
    await renderSession(id, 'Hello', 1)
    // The base is not the last update's version, or the range is outside its text.
    await expect(renderSession(id, {base: 0, from: 5, to: 5, insert: '!'}, 2)).rejects.toMatchObject(stale)
    await expect(renderSession(id, {base: 1, from: 4, to: 6, insert: '!'}, 2)).rejects.toMatchObject(stale)
    await expect(renderSession(id, {base: 1, from: 3, to: 2, insert: '!'}, 2)).rejects.toMatchObject(stale)
    // The session still holds version 1 after each refusal.
    const update = await renderSession(id, {base: 1, from: 5, to: 5, insert: ', world'}, 2)
    expect(update.version).toBe(2)
    closeSession(id)
  })

  it('should say what is wrong with a text that is neither a string nor a change', async () => {
    const id = nextSessionId()
    await renderSession(id, 'Hello', 1)
    await expect(renderSession(id, 42 as unknown as string, 2)).rejects.toThrow('Expected the text to be a string or a change, not `number`')
    await expect(renderSession(id, {base: 1, from: 0, to: 0} as unknown as string, 2)).rejects.toThrow(TypeError)
    closeSession(id)
  })

  it('should render whole texts and changes to them alike, in any order', async () => {
    const id = nextSessionId()
    const mirror = createSessionMirror()
    const first = '# Notes\n\nSome *text* with a footnote[^1].\n\n[^1]: The note.\n'
    const second = first.replace('[^1].', '[^1] and more.')
    const third = `${second}\nA last paragraph.\n`
    const fourth = third.replace('# Notes', '## Two')
    // The third goes whole after a change: the session compares it with the text its blocks make up.
    const steps: Array<[string, 'whole' | 'change']> = [
      [first, 'whole'],
      [second, 'change'],
      [third, 'whole'],
      [fourth, 'change'],
    ]
    let previous = ''
    for (const [index, [markdown, how]] of steps.entries()) {
      const text = how === 'whole' ? markdown : {base: index, ...editBetween(previous, markdown)}
      mirror.apply(await renderSession(id, text, index + 1))
      expect(toHtml(mirror.hast()), markdown).toBe(await fullHtml(markdown))
      previous = markdown
    }
    closeSession(id)
  })
})
