/**
 * The markdown written before a block rendered on its own (render-block.ts):
 * stubs of the document's footnotes and its link definitions, so that the
 * block's references parse as they do in the document, and what a prefix
 * defines, for the blocks rendered without the pipeline.
 */
import {createLru} from '../plugins/lru.ts'

/** A definition no block can mention: it ends a prefix of footnote stubs, which would take in the next line. */
export const contextEnd = '[offthread-context-end]: #'

/** What a prefix (from `contextPrefix`) defines, as a render without the pipeline needs to know it. */
export interface PrefixDefinitions {
  /** Link labels are defined: a bracket in the block may be a reference. */
  links: boolean
  /** The footnotes defined, by identifier (see `normalizeLabel`). */
  footnotes: ReadonlySet<string>
  /** The prefix is known: a reference to a footnote it does not define is text. */
  known: boolean
}

/** When the prefix is not known: link labels may be defined, and no footnote is known to be, or not to be. */
export const unknownDefinitions: PrefixDefinitions = {links: true, footnotes: new Set(), known: false}

/**
 * By prefix: a document has few, and each append asks again. Counted by the
 * prefix's length: a definition being typed makes a new prefix on each key,
 * each holding all of the document's definitions.
 */
const definitionsByPrefix = createLru<PrefixDefinitions>(4 * 1024 * 1024)

/** What `prefix` (from `contextPrefix`) defines. */
export function prefixDefinitions(prefix: string): PrefixDefinitions {
  let found = definitionsByPrefix.get(prefix)
  if (!found) {
    const footnotes = new Set([...prefix.matchAll(/^\[\^([^\]\n]+)\]: \.$/gm)].map((stub) => stub[1]!))
    found = {links: prefix !== '' && !prefix.endsWith(`${contextEnd}\n\n`), footnotes, known: true}
    // Two bytes a character, for the key and for the labels taken from it.
    definitionsByPrefix.set(prefix, found, 4 * prefix.length)
  }
  return found
}

/**
 * Markdown written before a block: footnote stubs (so its references parse
 * as references), then link definitions, then a blank line. The prefix always
 * ends with a definition in column 0, which closes any footnote stub, so an
 * indented first line of the block is read as it would be in the document.
 */
export function contextPrefix(footnoteLabels: readonly string[], linkDefinitions: readonly string[]): string {
  if (footnoteLabels.length === 0 && linkDefinitions.length === 0) return ''
  const lines = footnoteLabels.map((label) => `[^${label}]: .`)
  lines.push(...(linkDefinitions.length > 0 ? linkDefinitions : [contextEnd]))
  // Blank lines between: a definition cannot interrupt a paragraph, so a
  // footnote stub's text would otherwise take in the next line.
  return lines.join('\n\n') + '\n\n'
}
