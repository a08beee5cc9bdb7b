/**
 * Child process for `hostile.test.ts`: renders the hostile inputs named by
 * its arguments, one after the other, each in full and through a render
 * session, and prints a JSON line after each render, so the test can kill
 * it when one runs past a hard limit. Caches are emptied between inputs.
 */
import {toHtml} from 'hast-util-to-html'
import {markdownToHast} from '../../workers/pipeline.ts'
import {createSessionMirror} from '../../shared/protocol.ts'
import {clearCaches} from '../../workers/plugins/lru.ts'
import {closeSession, renderSession} from '../../workers/session/session.ts'
import {hostileInputs} from '../fixtures/hostile.ts'

/** What the runner reports for one way of rendering. */
export interface HostileRun {
  ms: number
  /** CPU time of the process meanwhile (user and system), ms: the work, whatever else the machine runs. */
  cpuMs: number
  html?: string
  error?: string
}

async function timed(render: () => Promise<string>): Promise<HostileRun> {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const times = () => {
    const {user, system} = process.cpuUsage(cpu)
    return {ms: performance.now() - started, cpuMs: (user + system) / 1000}
  }
  try {
    const html = await render()
    return {...times(), html}
  } catch (error) {
    return {...times(), error: error instanceof Error ? `${error.name}: ${error.message}` : String(error)}
  }
}

/** One line the runner prints. */
export interface HostileLine {
  name: string
  kind: 'full' | 'session'
  run: HostileRun
  /** With the session's line: whether its HTML equals the full render's. */
  same?: boolean
}

const print = (line: HostileLine) => console.log(JSON.stringify(line))

for (const name of process.argv.slice(2)) {
  const input = hostileInputs.find((candidate) => candidate.name === name)
  if (!input) throw new Error(`Expected a hostile input named \`${name}\``)
  clearCaches()
  const markdown = input.markdown()
  const full = await timed(async () => toHtml((await markdownToHast(markdown)).hast))
  print({name, kind: 'full', run: {...full, html: undefined}})
  const session = await timed(async () => {
    const mirror = createSessionMirror()
    mirror.apply(await renderSession(name, markdown, 1, {}, (event) => event.type === 'update' && mirror.apply(event.update)))
    return toHtml(mirror.hast())
  })
  closeSession(name)
  print({name, kind: 'session', run: {...session, html: undefined}, same: full.html !== undefined && session.html === full.html})
}
