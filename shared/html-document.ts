/**
 * Wrap rendered HAST in a standalone HTML document: the CLI's output and the
 * app's "Export HTML", with task checkboxes named as the preview names them.
 * Pure (no Node or DOM APIs) so both can use it.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {toString} from 'hast-util-to-string'
import {withNestingError} from './nesting.ts'
import {labelTasks} from './task-labels.ts'

/** What goes into the document around the rendered body. */
export interface DocumentOptions {
  /** Text of `<title>`; escaped here. */
  title: string
  /** Style sheet inlined into `<style>`, so the document needs no other file. */
  css: string
}

/**
 * Serialize `hast` as a complete `<!doctype html>` document. A tree too deep
 * for the serialiser's recursion fails with the clear nesting error.
 */
export function hastToDocument(hast: Root, options: DocumentOptions): string {
  return withNestingError(() => toDocument(hast, options))
}

/** `hast` serialized alone (the CLI's `--fragment`), with the same error for a tree too deep. */
export function hastToFragment(hast: Root): string {
  return withNestingError(() => toHtml({...hast, children: labelTasks(hast.children)}))
}

function toDocument(hast: Root, options: DocumentOptions): string {
  // `<style>` is raw text: `</style` in it would end the element early.
  if (/<\/style/i.test(options.css)) throw new Error('Expected `css` without `</style`')
  const head: ElementContent[] = [
    element('meta', {charSet: 'utf-8'}),
    element('meta', {name: 'viewport', content: 'width=device-width, initial-scale=1'}),
    element('title', {}, [{type: 'text', value: options.title}]),
    element('style', {}, [{type: 'text', value: options.css}]),
  ]
  const body = element('article', {className: ['markdown-body']}, [
    newline(),
    ...(labelTasks(hast.children).filter((node) => node.type !== 'doctype') as ElementContent[]),
    newline(),
  ])
  const document: Root = {
    type: 'root',
    children: [
      {type: 'doctype'},
      newline(),
      element('html', {}, [
        newline(),
        element('head', {}, head.flatMap((node) => [newline(), node]).concat(newline())),
        newline(),
        element('body', {}, [newline(), body, newline()]),
        newline(),
      ]),
      newline(),
    ],
  }
  return toHtml(document)
}

/**
 * The front matter's `title`, else the text of the first `<h1>`, else
 * `Untitled`.
 */
export function titleOf(hast: Root): string {
  const matter = frontMatterTitle(hast)
  if (matter) return matter
  const h1 = findFirst(hast, (node) => node.tagName === 'h1')
  const title = h1 ? plainText(h1).replace(/\s+/g, ' ').trim() : ''
  return title || 'Untitled'
}

/** The `title` cell of the front matter's table (GitHub's `yaml-metadata`), which comes first. */
function frontMatterTitle(hast: Root): string | undefined {
  const table = hast.children.find((node) => node.type === 'element')
  if (table?.type !== 'element' || table.tagName !== 'table' || table.properties.dataTableType !== 'yaml-metadata') return undefined
  const rows: Element[] = []
  for (const part of table.children)
    if (part.type === 'element') for (const row of part.children) if (row.type === 'element' && row.tagName === 'tr') rows.push(row)
  const cells = (row: Element | undefined) => (row?.children ?? []).filter((cell): cell is Element => cell.type === 'element')
  const column = cells(rows[0]).findIndex((cell) => plainText(cell).trim() === 'title')
  const cell = column < 0 ? undefined : cells(rows[1])[column]
  // A nested value shows as code: not a title.
  if (!cell || cell.children.some((child) => child.type === 'element')) return undefined
  return plainText(cell).replace(/\s+/g, ' ').trim() || undefined
}

function element(tagName: string, properties: Element['properties'], children: ElementContent[] = []): Element {
  return {type: 'element', tagName, properties, children}
}

function newline(): RootContent & ElementContent {
  return {type: 'text', value: '\n'}
}

function findFirst(node: Root | Element, test: (element: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    if (test(child)) return child
    const found = findFirst(child, test)
    if (found) return found
  }
  return undefined
}

/**
 * Text as a reader sees it. KaTeX renders each formula twice (MathML and
 * `aria-hidden` HTML) and `hast-util-to-string` would join both, so skip
 * hidden elements and use the TeX source from MathML's `<annotation>`.
 */
function plainText(node: Element): string {
  if (String(node.properties.ariaHidden) === 'true') return ''
  if (node.tagName === 'semantics') {
    const annotation = findFirst(node, (child) => child.tagName === 'annotation')
    if (annotation) return toString(annotation).trim()
  }
  return node.children.map((child) => (child.type === 'element' ? plainText(child) : child.type === 'text' ? child.value : '')).join('')
}
