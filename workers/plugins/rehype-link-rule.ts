/** Apply the link rule to every address in the tree (see `link-rule.ts`). */
import type {Root} from 'hast'
import {applyLinkRule} from '../link-rule.ts'
import {forEachElement} from './walk.ts'

const urlProperties = ['href', 'src', 'cite', 'longDesc', 'action', 'formAction', 'poster', 'xLinkHref'] as const

export default function rehypeLinkRule() {
  return function (tree: Root) {
    forEachElement(tree, (element) => {
      for (const key of urlProperties) {
        const value = element.properties[key]
        if (value === undefined || value === null) continue
        element.properties[key] = applyLinkRule(Array.isArray(value) ? value.join(' ') : String(value))
      }
    })
  }
}
