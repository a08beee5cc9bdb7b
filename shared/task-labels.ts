/**
 * Task-list checkboxes named after their item. A checkbox without a name is
 * read out as "checkbox, checked", with nothing to say which task it is; its
 * name is the item's text, without the item's sub-lists. The preview's
 * display stage and the standalone document both apply it.
 */
import type {Element, ElementContent, RootContent} from 'hast'
import {toString} from 'hast-util-to-string'

/** Elements a task list can be in: the walk goes into these only. */
const containers = new Set(['blockquote', 'ul', 'ol', 'li', 'div', 'details', 'section'])

/** `nodes` with each task item's checkbox named; unchanged nodes are shared. */
export function labelTasks<T extends RootContent | ElementContent>(nodes: T[]): T[] {
  let copy: T[] | undefined
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!
    if (node.type !== 'element' || !containers.has(node.tagName)) continue
    const children = labelTasks(node.children)
    let replaced: Element = children === node.children ? node : {...node, children}
    if (isTaskItem(node)) replaced = withLabel(replaced, itemText(replaced))
    if (replaced !== node) {
      copy ??= [...nodes]
      copy[index] = replaced as T
    }
  }
  return copy ?? nodes
}

function isTaskItem(node: Element): boolean {
  const className = node.properties.className
  return node.tagName === 'li' && Array.isArray(className) && className.includes('task-list-item')
}

/** The item's text as read: white space collapsed, without sub-lists (and the zero-width text of a task still streaming). */
function itemText(li: Element): string {
  const own = li.children.filter((child) => child.type !== 'element' || (child.tagName !== 'ul' && child.tagName !== 'ol'))
  return toString({type: 'root', children: own})
    .replace(/\u200B/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** `li` with `label` on its checkbox: its first child, or the first child of its first paragraph (a loose list's). */
function withLabel(li: Element, label: string): Element {
  if (label === '') return li
  const first = li.children.findIndex((child) => child.type === 'element')
  const child = li.children[first]
  if (child?.type !== 'element') return li
  let replaced: Element | undefined
  if (isCheckbox(child)) replaced = {...child, properties: {...child.properties, ariaLabel: label}}
  else if (child.tagName === 'p') {
    const inner = child.children.find((node): node is Element => node.type === 'element')
    if (inner && isCheckbox(inner)) {
      const labelled: Element = {...inner, properties: {...inner.properties, ariaLabel: label}}
      replaced = {...child, children: child.children.map((node) => (node === inner ? labelled : node))}
    }
  }
  if (!replaced) return li
  const children = [...li.children]
  children[first] = replaced
  return {...li, children}
}

function isCheckbox(node: Element): boolean {
  return node.tagName === 'input' && node.properties.type === 'checkbox'
}
