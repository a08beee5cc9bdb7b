import {toHtml} from 'hast-util-to-html'
import {markdownToHast} from '../../../workers/pipeline.ts'
import {expect} from 'vitest'
import {closeSession, renderSession} from '../../../workers/session/session.ts'
import {createSessionMirror, type SessionEvent, type SessionOptions, type SessionUpdate} from '../../../shared/protocol.ts'
import {createSender} from '../../../shared/text-change.ts'

/** A main thread in miniature: sends each text as a change to the last, and keeps blocks by id, as the app does. */
export function createClient(sessionId: string) {
  const mirror = createSessionMirror()
  const send = createSender()
  return {
    async update(markdown: string, options?: SessionOptions): Promise<SessionUpdate & {html: string}> {
      const {text, version} = send(markdown)
      const update = await renderSession(sessionId, text, version, options)
      mirror.apply(update)
      return {...update, html: toHtml(mirror.hast())}
    },
    /** The ids of the blocks held, in order. */
    ids: () => mirror.ids(),
  }
}

/** HTML of a full render. */
export async function fullHtml(markdown: string): Promise<string> {
  return toHtml((await markdownToHast(markdown)).hast)
}

let sessions = 0
/** A fresh session id. */
export function nextSessionId(): string {
  return `test-${++sessions}`
}

/** A session's event listener that takes its updates (partial ones, in a long render). */
export function onUpdate(take: (update: SessionUpdate) => void): (event: SessionEvent) => void {
  return (event) => {
    if (event.type === 'update') take(event.update)
  }
}

/** Render `steps` in one session; after each, the output must equal a full render. */
export async function expectSameAsFull(steps: readonly string[]): Promise<void> {
  const id = nextSessionId()
  const client = createClient(id)
  for (const text of steps) expect((await client.update(text)).html, JSON.stringify(text)).toBe(await fullHtml(text))
  closeSession(id)
}

/** Every prefix of `text` cut every `size` characters, then the whole. */
export function chunks(text: string, size: number): string[] {
  const steps: string[] = []
  for (let end = size; end < text.length; end += size) steps.push(text.slice(0, end))
  steps.push(text)
  return steps
}

/** Render `text` in a fresh session, long enough to send partial updates: the final update, how many partials came, and the HTML of all of it. */
export async function renderLong(text: string): Promise<{final: SessionUpdate; partials: number; html: string}> {
  const mirror = createSessionMirror()
  const id = nextSessionId()
  let partials = 0
  const final = await renderSession(
    id,
    text,
    1,
    {},
    onUpdate((update) => {
      mirror.apply(update)
      partials++
    }),
  )
  mirror.apply(final)
  closeSession(id)
  return {final, partials, html: toHtml(mirror.hast())}
}

/** The code strings Shiki's own highlighter is given to tokenize while `work` runs, as given (the real highlighter still runs). */
export async function givenToShiki(work: () => Promise<unknown>): Promise<string[]> {
  const {getHighlighter} = await import('../../../workers/highlighter.ts')
  const shiki = await getHighlighter()
  const codeToHast = shiki.codeToHast
  const given: string[] = []
  shiki.codeToHast = (code, options) => {
    given.push(code)
    return codeToHast.call(shiki, code, options)
  }
  try {
    await work()
  } finally {
    shiki.codeToHast = codeToHast
  }
  return given
}

/** How many characters Shiki is given to tokenize while `work` runs (see `givenToShiki`). */
export async function tokenizedDuring(work: () => Promise<unknown>): Promise<number> {
  return (await givenToShiki(work)).reduce((sum, code) => sum + code.length, 0)
}
