/*
 * Runs in the sanitizing frame (diagram-frame.ts, sandboxed-frame.ts), after
 * DOMPurify's own bundle: takes out of each SVG the page posts everything
 * that could run (scripts, event handlers, `<foreignObject>`, `javascript:`
 * links) and posts it back. Links that remain open in a new tab, as the
 * preview's do.
 */
// biome-ignore lint/suspicious/noRedundantUseStrict: a classic script in a frame, not a module
'use strict'

const purify = globalThis.DOMPurify
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName.toLowerCase() !== 'a') return
  node.setAttribute('target', '_blank')
  node.setAttribute('rel', 'noopener noreferrer')
})

// An image from another host loads in the preview only on a click
// (src/render/remote-images.tsx), which a diagram has no room for: so a
// diagram refers to nothing outside itself, no `href` but a link's or a
// `#fragment`, no `url()` but of its own `#ids`, no `image-set()` or
// `@import`. CSS escapes could spell those otherwise, so they go first.
const external = /(?:-webkit-)?image-set\([^)]*\)|url\((?!\s*['"]?\s*#)[^)]*\)|@import[^;]*;?/gi
const local = (css) => css.replace(/\\/g, '').replace(external, 'none')
purify.addHook('uponSanitizeAttribute', (node, data) => {
  const name = data.attrName.toLowerCase()
  if ((name === 'href' || name === 'xlink:href') && node.nodeName.toLowerCase() !== 'a') {
    if (!data.attrValue.trim().startsWith('#')) data.keepAttr = false
  } else data.attrValue = local(data.attrValue)
})
purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && node.textContent) node.textContent = local(node.textContent)
})

addEventListener('message', (event) => {
  if (event.source !== parent) return
  const {id, svg} = event.data
  const clean = purify.sanitize(String(svg), {USE_PROFILES: {svg: true, svgFilters: true}, FORBID_TAGS: ['foreignObject']})
  parent.postMessage({id, svg: clean}, '*')
})

parent.postMessage({ready: true}, '*')
