/**
 * Document-wide context of a block: the link reference definitions and the
 * footnote definitions that live in other blocks.
 */
import type {Definition, FootnoteDefinition, Root as MdastRoot} from 'mdast'
import {toMarkdown} from 'mdast-util-to-markdown'
import {normalizeUri} from 'micromark-util-sanitize-uri'
import {markdownToMdast} from '../pipeline.ts'
import {frontMatterOf} from '../plugins/remark-front-matter.ts'

/** The definitions one block contributes, in source order. */
export interface BlockDefinitions {
  /** Link definitions, first per identifier, as markdown that parses back to them. */
  links: Map<string, string>
  /** Footnote definitions at the block's top level: identifier to source text. */
  footnotes: Map<string, FootnoteSource>
  /**
   * Footnotes that cannot be rendered block by block: a definition inside a
   * container.
   */
  complex: boolean
  /**
   * Footnote identifiers the block's definitions could reference: one that
   * is defined makes the footnotes too complex as well (see `Context`).
   */
  cited: Set<string>
}

/** A footnote definition as written. */
export interface FootnoteSource {
  label: string
  source: string
}

const none: BlockDefinitions = {links: new Map(), footnotes: new Map(), complex: false, cited: new Set()}

/**
 * The definitions in `text`, a block that starts the document when
 * `atStart`; only parsed when the text could hold one. Elsewhere a block
 * that starts with `---` is not front matter, and a blank line before it
 * keeps the parser from reading it as such.
 */
export function definitionsOf(text: string, atStart: boolean): BlockDefinitions {
  if (!text.includes(']:')) return none
  return oneLineFootnote(text) ?? parsedDefinitions(atStart || !frontMatterOf(text) ? text : `\n${text}`)
}

/** The definitions in `text`, by a parse. */
export function parsedDefinitions(text: string): BlockDefinitions {
  const tree: MdastRoot = markdownToMdast(text)
  const result: BlockDefinitions = {links: new Map(), footnotes: new Map(), complex: false, cited: new Set()}
  visitDefinitions(tree, true, result, text)
  return result
}

/**
 * A block that is one footnote definition on one line, `[^label]: text`,
 * read without a parse; `undefined` for anything else. Each parse has a
 * fixed cost however short the text (the parser is set up again each
 * time), and a document with many footnotes would pay it for every one
 * before its first screen could be rendered. Only plain labels,
 * and text that holds no definition or footnote reference of its own; a
 * property test compares this with the parse. Two states that each
 * definition of a streamed list of them passes count too: no text yet
 * (`[^2]:`), and the next definition's label still arriving on the line
 * after (`[^2`), which goes on the paragraph until its colon comes.
 */
export function oneLineFootnote(text: string): BlockDefinitions | undefined {
  const match = /^(\[\^([A-Za-z0-9_-]+)\]:(?:[ \t]+(\S[^\n\r]*)(\n\[(?:\^[A-Za-z0-9_-]*\]?)?)?|[ \t]*))\n*$/.exec(text)
  if (!match) return undefined
  // The source runs to the end of the line, trailing spaces included.
  const [, source, label, content = ''] = match as unknown as [string, string, string, string | undefined]
  if (content.includes(']:') || content.includes('[^')) return undefined
  // Only a paragraph takes in the next line; after a heading, say, it is a block of its own.
  if (match[4] !== undefined && !/^\p{L}/u.test(content)) return undefined
  // A fence, math or HTML block would run on past the line, to the end of
  // the block, also inside a list item or a quote the definition starts with.
  if (/^(?:(?:[-+*]|\d{1,9}[.)])[ \t]+|>[ \t]?)*(?:`{3}|~{3}|\${2}|<)/.test(content)) return undefined
  return {links: new Map(), footnotes: new Map([[label.toLowerCase(), {label, source}]]), complex: false, cited: new Set(citedIn(source))}
}

/**
 * Every label the source of a footnote definition could cite: a reference
 * inside a definition numbers footnotes from the section, and it may be to
 * a footnote defined in another block, so every bracketed text that
 * normalizes to `^label` counts (`[ ^]` too).
 */
function citedIn(source: string): string[] {
  return labelCandidates(source.slice(2)).flatMap((label) => (label.startsWith('^') ? [normalizeLabel(label.slice(1))] : []))
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
      if (!topLevel || start === undefined || end === undefined) {
        result.complex = true
      } else if (!result.footnotes.has(definition.identifier)) {
        const source = text.slice(start, end)
        result.footnotes.set(definition.identifier, {label: definition.label ?? definition.identifier, source})
        for (const label of citedIn(source)) result.cited.add(label)
      }
    } else if (child.type === 'footnoteReference' && !topLevel) {
      // Fine: references are patched after rendering.
    }
    if (child.children) visitDefinitions(child, false, result, text)
  }
}

/**
 * A definition as markdown that defines the same identifier. The label is
 * the identifier as written (escapes and character references undecoded),
 * which normalizes to itself; the node's `label` is decoded, and `[\(a\)]`
 * or `[&#32;]` written back from it would define another label, or none.
 */
function definitionToMarkdown(definition: Definition): string {
  const written = toMarkdown({type: 'root', children: [{...definition, label: 'x', identifier: 'x', position: undefined}]}).trimEnd()
  // `[^a]:` would define a footnote; a space before the caret is trimmed from the label.
  const label = definition.identifier.startsWith('^') ? ` ${definition.identifier}` : definition.identifier
  return `[${label}]${written.slice('[x]'.length)}`
}

/** The `id` suffix remark-rehype derives from a footnote identifier. */
export function footnoteSafeId(identifier: string): string {
  return normalizeUri(identifier.toUpperCase().toLowerCase())
}

/**
 * Every label `text` could use, normalised as identifiers are: the text
 * between each `[` and the next unescaped bracket. Labels cannot hold an
 * unescaped bracket, so this is a superset of the labels a parse would find
 * (a footnote label keeps its `^`). Linear in the text.
 */
export function labelCandidates(text: string): string[] {
  const labels = new Set<string>()
  let open = -1
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 92 /* \ */) {
      index++
    } else if (code === 91 /* [ */) {
      open = index
    } else if (code === 93 /* ] */ && open >= 0) {
      labels.add(normalizeLabel(text.slice(open + 1, index)))
      open = -1
    }
  }
  return [...labels]
}

/** A label as its identifier (micromark's `normalizeIdentifier`, lowercased as mdast stores it). */
export function normalizeLabel(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
}
