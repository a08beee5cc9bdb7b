/**
 * Document-wide context of a block: the link reference definitions and the
 * footnote definitions that live in other blocks.
 */
import type {Definition, FootnoteDefinition, Root as MdastRoot} from 'mdast'
import {toMarkdown} from 'mdast-util-to-markdown'
import {normalizeUri} from 'micromark-util-sanitize-uri'
import {markdownToMdast} from '../pipeline.ts'

/** The definitions one block contributes, in source order. */
export interface BlockDefinitions {
  /** Link definitions, first per identifier, as markdown that parses back to them. */
  links: Map<string, string>
  /** Footnote definitions at the block's top level: identifier to source text. */
  footnotes: Map<string, FootnoteSource>
  /**
   * Footnotes that cannot be rendered block by block: a definition inside a
   * container, or one that references footnotes itself.
   */
  complex: boolean
}

/** A footnote definition as written. */
export interface FootnoteSource {
  label: string
  source: string
}

const none: BlockDefinitions = {links: new Map(), footnotes: new Map(), complex: false}

/** The definitions in `text`; only parsed when the text could hold one. */
export function definitionsOf(text: string): BlockDefinitions {
  if (!text.includes(']:')) return none
  const tree: MdastRoot = markdownToMdast(text)
  const result: BlockDefinitions = {links: new Map(), footnotes: new Map(), complex: false}
  visitDefinitions(tree, true, result, text)
  return result
}

function visitDefinitions(node: {children?: unknown[]}, topLevel: boolean, result: BlockDefinitions, text: string) {
  for (const child of (node.children ?? []) as Array<{type: string; children?: unknown[]}>) {
    if (child.type === 'definition') {
      const definition = child as Definition
      if (!result.links.has(definition.identifier)) result.links.set(definition.identifier, definitionToMarkdown(definition))
    } else if (child.type === 'footnoteDefinition') {
      const definition = child as FootnoteDefinition
      const start = definition.position?.start.offset
      const end = definition.position?.end.offset
      if (!topLevel || start === undefined || end === undefined || JSON.stringify(definition).includes('"footnoteReference"')) {
        result.complex = true
      } else if (!result.footnotes.has(definition.identifier)) {
        result.footnotes.set(definition.identifier, {label: definition.label ?? definition.identifier, source: text.slice(start, end)})
      }
    } else if (child.type === 'footnoteReference' && !topLevel) {
      // Fine: references are patched after rendering.
    }
    if (child.children) visitDefinitions(child, false, result, text)
  }
}

function definitionToMarkdown(definition: Definition): string {
  return toMarkdown({type: 'root', children: [{...definition, position: undefined}]}).trimEnd()
}

/**
 * Identifier normalisation as micromark does it (`normalizeIdentifier`, then
 * lowercased as mdast stores it), applied to a whole text: a label that occurs
 * in the text occurs, normalised, in the normalised text.
 */
export function normalizeForLabels(text: string): string {
  return text.replace(/[\t\n\r ]+/g, ' ').toLowerCase().toUpperCase().toLowerCase()
}

/** The `id` suffix remark-rehype derives from a footnote identifier. */
export function footnoteSafeId(identifier: string): string {
  return normalizeUri(identifier.toUpperCase().toLowerCase())
}
