/**
 * What every mode provides to the scenarios: take the newest text, show it
 * on the stage, and report each update to the probe. The modes themselves
 * load on demand, so the app's bundle does not carry react-markdown or a
 * main-thread copy of the pipeline.
 */
import {generateMarkdown} from '../../../shared/gen-samples.ts'
import type {Probe} from '../probe.ts'
import type {Stage} from '../stage.tsx'
import type {ModeId, StageFigures} from '../types.ts'

/** A mode, ready to render. */
export interface ModeDriver {
  /** Render `text` (latest wins); returns its version. `heal`: mend an unfinished end, as while a reply streams. */
  update: (text: string, options?: {heal?: boolean}) => number
  /** Pipeline stage times and transfer since the last call; `null` where the mode cannot tell. */
  takeStages: () => Promise<StageFigures | null>
  /** Milliseconds the renderer reported since the last call. */
  takeRenderMs: () => number
  /** Stop; results still in flight are dropped. */
  close: () => void
}

/** What a mode needs to start. */
export interface DriverOptions {
  stage: Stage
  probe: Probe
  /** A small document with the same languages and features, rendered before measuring. */
  warmUpText: string
  /** Block workers of the Offthread pool. */
  pool: number
}

/** Start mode `mode`: load it, warm it up, and return its driver. */
export async function startDriver(mode: ModeId, options: DriverOptions): Promise<ModeDriver> {
  switch (mode) {
    case 'offthread':
      return (await import('./offthread.ts')).startOffthread(options)
    case 'worker-full':
      return (await import('./worker-full.ts')).startWorkerFull(options)
    case 'main-thread':
      return (await import('./main-thread.ts')).startMainThread(options)
    case 'react-markdown':
      return (await import('./react-markdown.tsx')).startReactMarkdown(options)
    case 'streamdown':
      return (await import('./streamdown.tsx')).startStreamdown(options)
  }
}

/** Latest-wins rendering: one render at a time, and only the newest text waits. */
export function latestWins(render: (text: string, version: number) => Promise<void>, failed: (reason: string) => void) {
  let version = 0
  let pending: {text: string; version: number} | undefined
  let busy = false
  let closed = false

  async function pump(): Promise<void> {
    if (busy || closed || !pending) return
    const job = pending
    pending = undefined
    busy = true
    try {
      // Starts synchronously: a main-thread render blocks the caller, as it would on a page.
      await render(job.text, job.version)
    } catch (error) {
      if (!closed) failed(error instanceof Error ? error.message : String(error))
    } finally {
      busy = false
    }
    return pump()
  }

  return {
    update(text: string): number {
      version++
      if (closed) return version
      pending = {text, version}
      void pump()
      return version
    },
    close() {
      closed = true
      pending = undefined
    },
  }
}

/** The languages of the fenced code in `text`. */
export function fenceLanguages(text: string): string[] {
  const languages = new Set<string>()
  for (const match of text.matchAll(/^ {0,3}(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)/gm)) languages.add(match[1]!.toLowerCase())
  return [...languages]
}

/**
 * A document that warms a mode up before it is measured: a fence per
 * language of `text` (grammars), then a generated document of another seed,
 * so that the renderer's code is compiled as in an app that has rendered a
 * page or two, not run cold.
 */
export function warmUpText(text: string): string {
  const fences = fenceLanguages(text)
    .slice(0, 60)
    .map((language) => '```' + language + '\nlet x = 1\n```')
  return [...fences, generateMarkdown(16 * 1024, 7)].join('\n\n') + '\n'
}

/** Milliseconds added up between two takes (`takeRenderMs`, transfer time). */
export function createTally(): {add: (ms: number) => void; take: () => number} {
  let total = 0
  return {
    add: (ms) => void (total += ms),
    take() {
      const taken = total
      total = 0
      return taken
    },
  }
}
