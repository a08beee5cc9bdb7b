/*
 * Runs in the sanitizing frame (diagram-frame.ts, sandboxed-frame.ts), after
 * DOMPurify's own bundle: takes out of each SVG the page posts everything
 * that could run (scripts, event handlers, `<foreignObject>`, `javascript:`
 * links) and posts it back. Links that remain open in a new tab, as the
 * preview's do.
 */
'use strict'

const purify = globalThis.DOMPurify
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName.toLowerCase() !== 'a') return
  node.setAttribute('target', '_blank')
  node.setAttribute('rel', 'noopener noreferrer')
})

addEventListener('message', (event) => {
  if (event.source !== parent) return
  const {id, svg} = event.data
  const clean = purify.sanitize(String(svg), {USE_PROFILES: {svg: true, svgFilters: true}, FORBID_TAGS: ['foreignObject']})
  parent.postMessage({id, svg: clean}, '*')
})

parent.postMessage({ready: true}, '*')
