/**
 * Child process for `hostile.test.ts`: renders one hostile input (named by
 * the first argument) in full and through a render session, and prints a
 * JSON line after each, so the test can kill it at a hard limit.
 */
import {toHtml} from 'hast-util-to-html'
import {markdownToHast} from '../../workers/pipeline.ts'
import {createSessionMirror} from '../../shared/protocol.ts'
import {renderSession} from '../../workers/session/session.ts'
import {hostileInputs} from '../fixtures/hostile.ts'

/** What the runner reports for one way of rendering. */
export interface HostileRun {
  ms: number
  html?: string
  error?: string
}

async function timed(render: () => Promise<string>): Promise<HostileRun> {
  const started = performance.now()
  try {
    const html = await render()
    return {ms: performance.now() - started, html}
  } catch (error) {
    return {ms: performance.now() - started, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error)}
  }
}

const name = process.argv[2]
const input = hostileInputs.find((candidate) => candidate.name === name)
if (!input) throw new Error(`Expected a hostile input named \`${String(name)}\``)
const markdown = input.markdown()
const full = await timed(async () => toHtml((await markdownToHast(markdown)).hast))
console.log(JSON.stringify({kind: 'full', run: {...full, html: undefined}}))
const session = await timed(async () => {
  const mirror = createSessionMirror()
  mirror.apply(await renderSession(input.name, markdown, 1, {}, (event) => event.type === 'update' && mirror.apply(event.update)))
  return toHtml(mirror.hast())
})
console.log(JSON.stringify({kind: 'session', run: {...session, html: undefined}, same: full.html !== undefined && session.html === full.html}))
