/**
 * Styles for rendered markdown in `.markdown-body`: GitHub-like typography,
 * light and dark page colors, and the rules that pick Shiki's light or dark
 * colors. Theme switching is CSS only (no re-render): dark applies under
 * `prefers-color-scheme: dark` unless `data-theme="light"` is set on `<html>`,
 * and always under a `[data-theme="dark"]` ancestor.
 *
 * Colors are GitHub Primer's; the layout follows github-markdown-css.
 */

const lightColors = `
  --md-fg: #1f2328; --md-muted: #59636e; --md-bg: #ffffff; --md-subtle-bg: #f6f8fa;
  --md-border: #d1d9e0; --md-border-muted: #d1d9e0b3; --md-code-bg: #818b981f;
  --md-link: #0969da; --md-error: #d1242f;
  --md-note: #0969da; --md-tip: #1a7f37; --md-important: #8250df; --md-warning: #9a6700; --md-caution: #d1242f;`

const darkColors = `
  --md-fg: #f0f6fc; --md-muted: #9198a1; --md-bg: #0d1117; --md-subtle-bg: #151b23;
  --md-border: #3d444d; --md-border-muted: #3d444db3; --md-code-bg: #656c7633;
  --md-link: #4493f8; --md-error: #f85149;
  --md-note: #4493f8; --md-tip: #3fb950; --md-important: #ab7df8; --md-warning: #d29922; --md-caution: #f85149;`

// Shiki's dual themes put both palettes on every token as CSS variables.
// See: <https://shiki.style/guide/dual-themes#class-based-dark-mode>
const shikiDark = `color: var(--shiki-dark); background-color: var(--shiki-dark-bg);`

/** The style sheet for a document whose body is `<article class="markdown-body">`. */
export const documentCss = `
:root { color-scheme: light dark; ${lightColors} }
:root[data-theme="light"] { color-scheme: light; }
.shiki, .shiki span { color: var(--shiki-light); background-color: var(--shiki-light-bg); }
[data-theme="dark"] { color-scheme: dark; ${darkColors} }
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) { ${darkColors} }
  :root:not([data-theme="light"]) .shiki,
  :root:not([data-theme="light"]) .shiki span { ${shikiDark} }
}
[data-theme="dark"] .shiki,
[data-theme="dark"] .shiki span { ${shikiDark} }
/* A diagram drawn in both themes (the app's Export HTML): the one of the page's scheme shows. */
.drawn-diagram-dark, [data-theme="dark"] .drawn-diagram-light { display: none; }
[data-theme="dark"] .drawn-diagram-dark { display: block; }
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) .drawn-diagram-light { display: none; }
  :root:not([data-theme="light"]) .drawn-diagram-dark { display: block; }
}
.markdown-body .drawn-diagram { margin: 0 0 16px; overflow-x: auto; }
.markdown-body .drawn-diagram svg { display: block; max-width: 100%; height: auto; margin: 0 auto; }

body { margin: 0; color: var(--md-fg); background: var(--md-bg); }
.markdown-body {
  box-sizing: border-box; max-width: 980px; margin: 0 auto; padding: 32px 45px;
  color: var(--md-fg); background: var(--md-bg);
  font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
  font-size: 16px; line-height: 1.5; overflow-wrap: break-word;
}
@media (max-width: 767px) { .markdown-body { padding: 16px; } }
.markdown-body > :first-child { margin-top: 0 !important; }
.markdown-body > :last-child { margin-bottom: 0 !important; }

/* \`:where\` keeps this at the specificity of \`.markdown-body\`, so nested lists can undo it. */
.markdown-body :where(p, blockquote, ul, ol, dl, table, pre, details, .math-block) { margin: 0 0 16px; }
.markdown-body :is(h1, h2, h3, h4, h5, h6) { margin: 24px 0 16px; font-weight: 600; line-height: 1.25; }
.markdown-body :is(h1, h2) { padding-bottom: 0.3em; border-bottom: 1px solid var(--md-border-muted); }
.markdown-body h1 { font-size: 2em; }
.markdown-body h2 { font-size: 1.5em; }
.markdown-body h3 { font-size: 1.25em; }
.markdown-body h4 { font-size: 1em; }
.markdown-body h5 { font-size: 0.875em; }
.markdown-body h6 { font-size: 0.85em; color: var(--md-muted); }
.markdown-body a { color: var(--md-link); text-decoration: underline; text-underline-offset: 0.2rem; }
.markdown-body a:not(:hover) { text-decoration-color: transparent; }
.markdown-body hr { height: 0.25em; margin: 24px 0; padding: 0; border: 0; background: var(--md-border); }
.markdown-body img { max-width: 100%; box-sizing: content-box; }
.markdown-body blockquote { margin-left: 0; padding: 0 1em; color: var(--md-muted); border-left: 0.25em solid var(--md-border); }
.markdown-body blockquote > :first-child { margin-top: 0; }
.markdown-body blockquote > :last-child { margin-bottom: 0; }
/* GitHub's alerts (\`> [!NOTE]\`): a coloured bar and title with its octicon. */
.markdown-body .markdown-alert { margin: 0 0 16px; padding: 8px 16px; color: inherit; border-left: 0.25em solid var(--md-alert); }
.markdown-body .markdown-alert > :first-child { margin-top: 0; }
.markdown-body .markdown-alert > :last-child { margin-bottom: 0; }
.markdown-body .markdown-alert-title { display: flex; align-items: center; gap: 8px; font-weight: 500; line-height: 1; color: var(--md-alert); }
.markdown-body .markdown-alert-title svg { flex: none; fill: currentColor; }
.markdown-body .markdown-alert-note { --md-alert: var(--md-note); }
.markdown-body .markdown-alert-tip { --md-alert: var(--md-tip); }
.markdown-body .markdown-alert-important { --md-alert: var(--md-important); }
.markdown-body .markdown-alert-warning { --md-alert: var(--md-warning); }
.markdown-body .markdown-alert-caution { --md-alert: var(--md-caution); }

.markdown-body :is(ul, ol) { padding-left: 2em; }
.markdown-body :is(ul, ol) :is(ul, ol) { margin-top: 0; margin-bottom: 0; }
.markdown-body li + li { margin-top: 0.25em; }
.markdown-body li > p { margin-top: 16px; }
.markdown-body .task-list-item { list-style-type: none; }
.markdown-body .task-list-item input { margin: 0 0.2em 0.25em -1.4em; vertical-align: middle; }

/* \`display: block\` lets a wide table scroll instead of widening the page. */
.markdown-body table { display: block; width: max-content; max-width: 100%; overflow: auto; border-spacing: 0; border-collapse: collapse; }
.markdown-body :is(th, td) { padding: 6px 13px; border: 1px solid var(--md-border); }
.markdown-body th { font-weight: 600; }
.markdown-body tr { background: var(--md-bg); border-top: 1px solid var(--md-border-muted); }
.markdown-body tr:nth-child(2n) { background: var(--md-subtle-bg); }

.markdown-body :is(code, kbd, pre, samp) {
  font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
}
.markdown-body :not(pre) > code {
  padding: 0.2em 0.4em; font-size: 85%; white-space: break-spaces;
  background: var(--md-code-bg); border-radius: 6px;
}
.markdown-body pre {
  padding: 16px; overflow: auto; font-size: 85%; line-height: 1.45; overflow-wrap: normal; border-radius: 6px;
}
.markdown-body pre:not(.shiki) { background: var(--md-subtle-bg); }
/* Shiki's GitHub themes have the page's background: a border marks the block. */
.markdown-body pre.shiki { border: 1px solid var(--md-border-muted); }
.markdown-body pre code { padding: 0; font-size: 100%; white-space: pre; background: transparent; }
.markdown-body kbd {
  display: inline-block; padding: 3px 5px; font-size: 11px; line-height: 10px; vertical-align: middle;
  color: var(--md-fg); background: var(--md-subtle-bg); border: 1px solid var(--md-border);
  border-radius: 6px; box-shadow: inset 0 -1px 0 var(--md-border);
}
.markdown-body details summary { cursor: pointer; }
.markdown-body details > :last-child { margin-bottom: 0; }

.markdown-body .katex-display { overflow-x: auto; overflow-y: hidden; padding: 0.25em 0; margin: 0; }
/* KaTeX puts \`color:#cc0000\` inline; the theme's red reads on both backgrounds. */
.markdown-body .katex-error {
  color: var(--md-error) !important; cursor: help;
  text-decoration: underline wavy; text-decoration-thickness: 1px; text-underline-offset: 0.2em;
}

.markdown-body .footnotes { margin-top: 32px; padding-top: 8px; font-size: 0.875em; color: var(--md-muted); border-top: 1px solid var(--md-border); }
.markdown-body .footnotes ol { padding-left: 16px; }
.markdown-body .footnotes li:target { color: var(--md-fg); }
.markdown-body [data-footnote-ref]::before { content: "["; }
.markdown-body [data-footnote-ref]::after { content: "]"; }
.markdown-body .sr-only {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
}
`
