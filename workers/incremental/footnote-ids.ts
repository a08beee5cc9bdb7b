/**
 * What remark-rehype (after the sanitizer's prefix) calls a footnote
 * reference's element and the footnote it links to, and the element itself.
 */
import type {Element} from 'hast'

export const refIdPrefix = 'user-content-fnref-'
export const hrefPrefix = '#user-content-fn-'

/** The `id` of the element of the `count`th reference to `safeId` in one render (as sanitized). */
export function refElementId(safeId: string, count: number): string {
  return refIdPrefix + safeId + (count > 1 ? '-' + count : '')
}

/** The `<sup>` of the `count`th reference to `safeId` in one render, shown as `number`. */
export function referenceElement(safeId: string, count: number, number: number): Element {
  const properties = {href: hrefPrefix + safeId, id: refElementId(safeId, count), dataFootnoteRef: '', ariaDescribedBy: ['user-content-footnote-label']}
  return {
    type: 'element',
    tagName: 'sup',
    properties: {},
    children: [{type: 'element', tagName: 'a', properties, children: [{type: 'text', value: String(number)}]}],
  }
}
