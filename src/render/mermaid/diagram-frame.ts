/**
 * Diagrams drawn and sanitized off the page, in two sandboxed frames
 * (sandboxed-frame.ts). Mermaid lays text out with the DOM, so it cannot
 * run in a worker, and a medium flowchart takes one task of well over 50 ms:
 * it runs in the drawing frame. Its SVG then goes through DOMPurify's SVG
 * profile in a second frame that runs nothing but DOMPurify, so that the
 * sanitizer never shares a frame with mermaid's handling of the diagram,
 * and sanitizing a large SVG is not a long task on the page either. The
 * frames are made on first use; requests go one at a time, and one whose
 * caller has moved on is skipped.
 */
import purifyUrl from 'dompurify/dist/purify.min.js?url&no-inline'
import mermaidUrl from 'mermaid/dist/mermaid.min.js?url&no-inline'
import drawScriptUrl from './draw-frame.js?url&no-inline'
import {drawAndSanitize, type DrawnDiagram} from '../../../shared/diagrams.ts'
import {openSandboxedFrame, type SandboxedFrame} from './sandboxed-frame.ts'
import sanitizeScriptUrl from './sanitize-frame.js?url&no-inline'

/** What to draw. */
export interface FrameRequest {
  source: string
  theme: 'light' | 'dark'
  fontFamily: string
}

interface Job {
  request: FrameRequest
  signal: AbortSignal | undefined
  resolve: (result: DrawnDiagram) => void
  reject: (error: unknown) => void
}

/** How long a frame may take to load, and then to answer one request, before it is given up. */
const loadTimeoutMs = 30_000
const answerTimeoutMs = 20_000

let frames: Promise<{draw: SandboxedFrame; sanitize: SandboxedFrame}> | undefined
const queue: Job[] = []
let busy = false

/** Draw `request` as sanitized SVG; rejects with an `AbortError` when `signal` aborts first. */
export function drawInFrame(request: FrameRequest, signal?: AbortSignal): Promise<DrawnDiagram> {
  return new Promise((resolve, reject) => {
    queue.push({request, signal, resolve, reject})
    void next()
  })
}

async function next(): Promise<void> {
  if (busy) return
  const job = queue.shift()
  if (!job) return
  busy = true
  try {
    if (job.signal?.aborted) throw new DOMException('The diagram is no longer wanted', 'AbortError')
    job.resolve(await drawInFrames(job.request))
  } catch (error) {
    job.reject(error)
  } finally {
    busy = false
    void next()
  }
}

async function drawInFrames(request: FrameRequest): Promise<DrawnDiagram> {
  frames ??= openFrames()
  const current = await frames
  return drawAndSanitize((frame, message) => current[frame].request(message, answerTimeoutMs), request, forgetFrames)
}

/** Start over with new frames next time, after one stopped answering. */
function forgetFrames(): void {
  const old = frames
  frames = undefined
  void old?.then(({draw, sanitize}) => {
    draw.remove()
    sanitize.remove()
  })
}

async function openFrames(): Promise<{draw: SandboxedFrame; sanitize: SandboxedFrame}> {
  const [draw, sanitize] = await Promise.allSettled([
    openSandboxedFrame([mermaidUrl, drawScriptUrl], 'Diagram renderer', loadTimeoutMs),
    openSandboxedFrame([purifyUrl, sanitizeScriptUrl], 'Diagram sanitizer', loadTimeoutMs),
  ])
  if (draw.status === 'fulfilled' && sanitize.status === 'fulfilled') return {draw: draw.value, sanitize: sanitize.value}
  for (const frame of [draw, sanitize]) if (frame.status === 'fulfilled') frame.value.remove()
  frames = undefined
  throw draw.status === 'rejected' ? draw.reason : (sanitize as PromiseRejectedResult).reason
}
