/*
 * Runs in the drawing frame (diagram-frame.ts, sandboxed-frame.ts), after
 * mermaid's own bundle: draws each diagram the page posts and posts back
 * its SVG, which the page has sanitized before showing it, or the error.
 */
// biome-ignore lint/suspicious/noRedundantUseStrict: a classic script in a frame, not a module
'use strict'

let queue = Promise.resolve()

addEventListener('message', (event) => {
  if (event.source !== parent) return
  const request = event.data
  queue = queue.then(() => draw(request))
})

/** Draw one diagram; `request` is `{id, source, theme, fontFamily}`. */
async function draw(request) {
  const {id, source, theme, fontFamily} = request
  const elementId = `mermaid-${id}`
  try {
    globalThis.mermaid.initialize({
      startOnLoad: false,
      // No click callbacks, links sanitized, labels' HTML escaped.
      securityLevel: 'strict',
      theme: theme === 'dark' ? 'dark' : 'default',
      fontFamily,
      // Labels as SVG text: the page's sanitizer drops `<foreignObject>`.
      htmlLabels: false,
      flowchart: {htmlLabels: false},
      suppressErrorRendering: true,
    })
    const {svg} = await globalThis.mermaid.render(elementId, source)
    parent.postMessage({id, svg}, '*')
  } catch (error) {
    parent.postMessage({id, error: error instanceof Error ? error.message : String(error)}, '*')
  } finally {
    // A failed render can leave its container behind.
    document.getElementById(elementId)?.remove()
    document.getElementById(`d${elementId}`)?.remove()
  }
}

parent.postMessage({ready: true}, '*')
