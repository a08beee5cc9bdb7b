/** A rendered article compared with the pipeline's HTML, in the page (the Chat view's tests). */
import type {Page} from 'playwright-core'
import {expect} from 'vitest'

/**
 * HTML of the article at `selector` and of `expected` (the pipeline's HTML),
 * both serialized by the browser, after undoing what the React renderer adds
 * on purpose (src/render/components.tsx, Block.tsx, workers/display/): block
 * wrappers and their line offsets, code-block and table toolbars, heading
 * ids and anchors, new-tab attributes on links, read-only checkboxes and
 * their labels, and hast-util-to-jsx-runtime's `align` → `text-align` and
 * dropped whitespace in tables. Blocks render one by one, so the newlines
 * between top-level blocks are not there either.
 */
export function renderedAndExpected(page: Page, selector: string, expected: string): Promise<{rendered: string; expected: string}> {
  return page.evaluate(
    ({selector, expected}) => {
      const inert = document.implementation.createHTMLDocument('')
      const normalize = (root: Element) => {
        for (const element of root.querySelectorAll('*')) {
          // A style as the browser reads it; an empty one (left by a patch that removed every property) is none.
          if (element.hasAttribute('style')) {
            const css = (element as HTMLElement).style.cssText
            if (css) element.setAttribute('style', css)
            else element.removeAttribute('style')
          }
          const attributes = [...element.attributes].map(({name, value}) => [name, value] as const).sort(([a], [b]) => (a < b ? -1 : 1))
          for (const [name] of attributes) element.removeAttribute(name)
          for (const [name, value] of attributes) element.setAttribute(name, value)
          if (/^(ARTICLE|TABLE|THEAD|TBODY|TFOOT|TR)$/.test(element.tagName)) {
            for (const child of [...element.childNodes]) if (child.nodeType === 3 && !child.textContent?.trim()) child.remove()
          }
        }
        for (const child of [...root.childNodes]) if (child.nodeType === 3 && !child.textContent?.trim()) child.remove()
        return root.innerHTML
      }

      const article = document.querySelector(selector)!.cloneNode(true) as Element
      const moved = inert.importNode(article, true)
      for (const block of [...moved.querySelectorAll(':scope > .block-group > .block')]) {
        const offset = Number(block.getAttribute('data-line-offset'))
        for (const top of block.querySelectorAll(':scope > [data-line-start]')) {
          for (const name of ['data-line-start', 'data-line-end']) top.setAttribute(name, String(Number(top.getAttribute(name)) + offset))
        }
        block.replaceWith(...block.childNodes)
      }
      for (const group of [...moved.querySelectorAll(':scope > .block-group')]) group.replaceWith(...group.childNodes)
      for (const wrapper of [...moved.querySelectorAll('.code-block')]) {
        const pre = wrapper.querySelector(':scope > pre')!
        for (const name of ['data-line-start', 'data-line-end']) if (wrapper.hasAttribute(name)) pre.setAttribute(name, wrapper.getAttribute(name)!)
        wrapper.replaceWith(pre)
      }
      for (const wrapper of [...moved.querySelectorAll('.table-block')]) {
        const table = wrapper.querySelector(':scope > table')!
        for (const name of ['data-line-start', 'data-line-end']) if (wrapper.hasAttribute(name)) table.setAttribute(name, wrapper.getAttribute(name)!)
        wrapper.replaceWith(table)
      }
      for (const anchor of moved.querySelectorAll('a.anchor')) anchor.remove()
      for (const heading of moved.querySelectorAll('[data-slug]')) {
        heading.removeAttribute('data-slug')
        heading.removeAttribute('id')
      }
      for (const link of moved.querySelectorAll('a[target="_blank"][rel="noopener noreferrer"]')) {
        link.removeAttribute('target')
        link.removeAttribute('rel')
      }
      for (const input of moved.querySelectorAll('input[readonly]')) {
        input.removeAttribute('readonly')
        input.removeAttribute('aria-label')
      }

      const full = inert.createElement('article')
      full.innerHTML = expected
      for (const cell of full.querySelectorAll('[align]')) {
        ;(cell as HTMLElement).style.textAlign = cell.getAttribute('align')!
        cell.removeAttribute('align')
      }
      return {rendered: normalize(moved), expected: normalize(full)}
    },
    {selector, expected},
  )
}

/** Compare, showing where the first difference is rather than two walls of KaTeX. */
export function expectSameHtml(rendered: string, expected: string, label: string): void {
  if (rendered === expected) return
  let at = 0
  while (rendered[at] === expected[at]) at++
  const around = (text: string) => text.slice(Math.max(0, at - 200), at + 200)
  expect({at, rendered: around(rendered)}, label).toEqual({at, rendered: around(expected)})
}
