/**
 * A hidden `<iframe sandbox="allow-scripts">` that runs scripts of this app
 * and answers the page's requests. Its origin is opaque: it can reach
 * nothing of the app, and Chromium (with site isolation, as on desktop)
 * runs it in a process of its own, so its long tasks do not block the page.
 * The scripts are classic scripts on purpose: from an opaque origin, a
 * module script of this origin would be a CORS request. They answer each
 * `{id, …}` the page posts with `{id, …}`, after posting `{ready: true}`.
 */

/** A frame ready for requests. */
export interface SandboxedFrame {
  /** Post `request` and wait for the answer; a frame that does not answer in time is removed, and the answer is `undefined`. */
  request(request: object, timeoutMs: number): Promise<Record<string, unknown> | undefined>
  /** Take the frame out of the page. */
  remove(): void
}

let nextId = 0

/** Add a hidden frame running `scripts` (URLs of this origin) and wait until it says it is ready. */
export function openSandboxedFrame(scripts: readonly string[], title: string, timeoutMs: number): Promise<SandboxedFrame> {
  const element = document.createElement('iframe')
  element.className = 'sandboxed-frame'
  element.title = title
  element.setAttribute('aria-hidden', 'true')
  element.tabIndex = -1
  // Scripts only: no same origin, no navigation of the page, no pop-ups, no forms.
  element.setAttribute('sandbox', 'allow-scripts')
  // Absolute URLs of this origin: the page's policy, which the frame inherits, allows only those scripts.
  const tags = scripts.map((url) => `<script src="${new URL(url, location.href).href}"></script>`).join('')
  element.srcdoc = `<!doctype html><meta charset="utf-8"><body>${tags}</body>`
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      removeEventListener('message', listener)
      element.remove()
      reject(new Error(`The ${title.toLowerCase()} did not load`))
    }, timeoutMs)
    const listener = (event: MessageEvent) => {
      if (event.source !== element.contentWindow || (event.data as {ready?: unknown} | null)?.ready !== true) return
      clearTimeout(timer)
      removeEventListener('message', listener)
      resolve(frameOf(element))
    }
    addEventListener('message', listener)
    document.body.append(element)
  })
}

function frameOf(element: HTMLIFrameElement): SandboxedFrame {
  const target = element.contentWindow!
  return {
    request(request, timeoutMs) {
      const id = nextId++
      return new Promise((resolve) => {
        const done = (answer: Record<string, unknown> | undefined) => {
          clearTimeout(timer)
          removeEventListener('message', listener)
          resolve(answer)
        }
        const timer = setTimeout(() => {
          element.remove()
          done(undefined)
        }, timeoutMs)
        // Only this frame's answers count: `event.source` cannot be forged by another frame.
        const listener = (event: MessageEvent) => {
          const data = event.data as Record<string, unknown> | null
          if (event.source === target && data?.id === id) done(data)
        }
        addEventListener('message', listener)
        target.postMessage({...request, id}, '*')
      })
    },
    remove: () => element.remove(),
  }
}
