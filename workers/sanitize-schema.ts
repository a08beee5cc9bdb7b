import {defaultSchema, type Options as Schema} from 'rehype-sanitize'

const attributes = defaultSchema.attributes ?? {}

/**
 * GitHub's allowlist (hast-util-sanitize's default schema) plus the classes
 * that math needs, as in "Example: math" of the rehype-sanitize readme, and
 * GitHub's mark on a front matter table.
 *
 * Protocol checks are off here on purpose: `rehype-link-rule` enforces the
 * product's link rule on the sanitized tree, case-insensitively, and turns a
 * rejected address into `#` rather than dropping the attribute.
 */
export const sanitizeSchema: Schema = {
  ...defaultSchema,
  attributes: {
    ...attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
    // The front matter's table, marked as GitHub marks it.
    table: [...(attributes.table ?? []), ['dataTableType', 'yaml-metadata']],
    // `srcset` holds several addresses; not worth a parser of its own.
    source: [],
  },
  protocols: {},
  // Drop these with their content; the default only drops `script`, so the
  // text of a `<style>` or `<textarea>` would otherwise show as prose.
  strip: ['script', 'style', 'textarea', 'title', 'template', 'noscript', 'noembed', 'noframes', 'xmp', 'iframe', 'object', 'svg', 'math'],
}
