/**
 * GitHub's emoji shortcodes (`:tada:`, `:+1:`) in prose, from GitHub's own
 * list (gemoji). Code has no text nodes, so it is left alone; so is a bare
 * link's text, which is its address.
 *
 * The list is loaded on first use, so a worker that never meets a shortcode
 * never loads it.
 */
import type {Parent, Root} from 'mdast'
import type {VFile} from 'vfile'

/** Anything that may be a shortcode. */
export const shortcodePattern = /:[+\w-]+:/

let names: Record<string, string> | undefined

/** Replace shortcodes in the text of `tree`. */
export default function remarkGemojiShortcodes() {
  return async (tree: Root, file: VFile) => {
    if (!shortcodePattern.test(String(file.value))) return
    names ??= (await import('gemoji')).nameToEmoji
    replaceIn(tree, names)
  }
}

function replaceIn(parent: Parent, table: Record<string, string>): void {
  for (const node of parent.children) {
    if (node.type === 'text') node.value = withEmoji(node.value, table)
    else if (node.type === 'link' && node.children.every((child) => child.type === 'text' && node.url.includes(child.value))) continue
    else if ('children' in node) replaceIn(node, table)
  }
}

/** `value` with each known shortcode replaced; `10:30:tada:` finds `:tada:` after trying `:30:`. */
export function withEmoji(value: string, table: Record<string, string>): string {
  if (!value.includes(':')) return value
  const pattern = /:([+\w-]+):/g
  let result = ''
  let last = 0
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    const name = match[1]!
    if (Object.hasOwn(table, name)) {
      result += value.slice(last, match.index) + table[name]
      last = pattern.lastIndex
    } else {
      // The closing colon may open the next shortcode.
      pattern.lastIndex = match.index + 1 + name.length
    }
  }
  return last === 0 ? value : result + value.slice(last)
}
