/**
 * The product's link rule: an address is kept only if its scheme is http,
 * https, mailto or tel, or if it has no scheme (relative, fragment-only,
 * query-only); any other address becomes the inert address `#`.
 */

const allowedSchemes = new Set(['http', 'https', 'mailto', 'tel'])

/** The address that replaces every address the rule rejects. */
export const inertUrl = '#'

/**
 * Scheme of `url` as a browser would see it (lowercase), or `undefined` if
 * the address is relative.
 *
 * Browsers strip leading and trailing C0 controls and spaces and drop every
 * tab and newline before parsing (URL standard, "basic URL parser"), so
 * `java\tscript:` is `javascript:`. A `:` before any `/`, `?` or `#` marks a
 * scheme. Anything before that `:` counts as the scheme, even characters a
 * browser would reject, so that odd spellings fail closed.
 */
export function urlScheme(url: string): string | undefined {
  const cleaned = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '')
  const colon = cleaned.indexOf(':')
  if (colon < 0) return undefined
  const beforeColon = cleaned.slice(0, colon)
  if (/[/?#]/.test(beforeColon)) return undefined
  return beforeColon.toLowerCase()
}

/** Whether `url` may stay as it is under the link rule. */
export function isAllowedUrl(url: string): boolean {
  const scheme = urlScheme(url)
  return scheme === undefined || allowedSchemes.has(scheme)
}

/** `url` if the link rule keeps it, otherwise `#`. */
export function applyLinkRule(url: string): string {
  return isAllowedUrl(url) ? url : inertUrl
}
