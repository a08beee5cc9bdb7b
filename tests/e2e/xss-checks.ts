/**
 * What the xss tests look for in the preview after a payload rendered:
 * markup that could run script, navigate or clobber a global, and the
 * globals a payload may have replaced; and a click on every link in it.
 */
import type {Page} from 'playwright-core'
import {previewRoot} from './app-helpers.ts'

/** The rendered document inside the preview. */
export const body = `${previewRoot} .markdown-body`

/** Everything in the preview that could run script, navigate, submit, or clobber a global. */
export function unsafeMarkup(page: Page): Promise<string[]> {
  return page.$eval(body, (root) => {
    const problems: string[] = []
    const forbidden = new Set([
      'script',
      'iframe',
      'frame',
      'frameset',
      'object',
      'embed',
      'applet',
      'form',
      'base',
      'meta',
      'link',
      'style',
      'template',
      'noscript',
      'textarea',
      'portal',
      'foreignobject',
      'annotation-xml',
      'maction',
    ])
    const urlAttributes = new Set(['href', 'src', 'cite', 'action', 'formaction', 'data', 'poster', 'background', 'ping', 'longdesc', 'usemap', 'xlink:href'])
    const allowedProtocols = new Set(['http:', 'https:', 'mailto:', 'tel:'])
    const describe = (element: Element) => `<${element.localName}${[...element.attributes].map((a) => ` ${a.name}="${a.value.slice(0, 50)}"`).join('')}>`
    for (const element of root.querySelectorAll('*')) {
      const tag = element.localName.toLowerCase()
      if (forbidden.has(tag)) problems.push(`element ${describe(element)}`)
      if (tag === 'input' && element.getAttribute('type') !== 'checkbox') problems.push(`input ${describe(element)}`)
      if (tag === 'svg' && element.querySelector('script, foreignObject, a, use, animate, set, animateMotion, animateTransform')) {
        problems.push(`active svg ${describe(element)}`)
      }
      if (tag === 'math' && [element, ...element.querySelectorAll('*')].some((node) => [...node.attributes].some((a) => /href$/i.test(a.name)))) {
        problems.push(`math with a link ${describe(element)}`)
      }
      for (const {name, value} of element.attributes) {
        const lower = name.toLowerCase()
        if (lower.startsWith('on')) problems.push(`handler ${lower} on ${describe(element)}`)
        if (urlAttributes.has(lower) || lower.endsWith(':href')) {
          let protocol = 'unparsable'
          try {
            protocol = new URL(value, document.baseURI).protocol
          } catch {
            // Reported below.
          }
          if (!allowedProtocols.has(protocol)) problems.push(`${protocol} address in ${describe(element)}`)
        }
        if (lower === 'srcset' && /script|data:/i.test(value)) problems.push(`srcset ${describe(element)}`)
        if (lower === 'style' && /url\(|expression\(|javascript:/i.test(value)) problems.push(`style ${describe(element)}`)
        if ((lower === 'id' || lower === 'name') && !value.startsWith('user-content-')) problems.push(`unprefixed ${lower} ${describe(element)}`)
        if (lower === 'target' && value !== '_blank') problems.push(`target ${describe(element)}`)
      }
      // Links that leave the document open a new tab that cannot reach back.
      const href = tag === 'a' ? element.getAttribute('href') : null
      if (href && !href.startsWith('#') && (element.getAttribute('target') !== '_blank' || !/noopener/.test(element.getAttribute('rel') ?? ''))) {
        problems.push(`same-tab link ${describe(element)}`)
      }
    }
    if (document.baseURI !== location.href) problems.push(`base URI changed to ${document.baseURI}`)
    return problems
  })
}

/** Click every link and image-map area in the preview, as a user would. */
export async function clickEveryLink(page: Page): Promise<number> {
  const links = page.locator(`${body} :is(a, area)`)
  const count = await links.count()
  for (let index = 0; index < count; index++) {
    const link = links.nth(index)
    const box = await link.boundingBox()
    try {
      if (!box || box.width === 0 || box.height === 0) throw new Error('Nothing to click')
      await link.click({force: true, noWaitAfter: true, timeout: 2000})
    } catch {
      // No box to click (empty, hidden, inside an SVG): dispatch the click.
      await link.evaluate((element) => element.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window})))
    }
  }
  return count
}

/** Globals a payload may try to replace by naming an element after them. */
export function clobberedGlobals(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>
    const checks: [string, boolean][] = [
      ['document.getElementById', typeof document.getElementById === 'function'],
      ['document.querySelector', typeof document.querySelector === 'function'],
      ['document.cookie', typeof document.cookie === 'string'],
      ['document.body', document.body instanceof HTMLBodyElement],
      ['document.defaultView', document.defaultView === window],
      ['window.location', window.location instanceof Location],
      ['window.alert', typeof window.alert === 'function'],
      ['window.__xss', w.__xss === undefined],
      ['window.config', w.config === undefined],
      ['window.top', window.top === window],
    ]
    return checks.filter(([, ok]) => !ok).map(([name]) => name)
  })
}
