/** The text of the document a first visit opens. */
export const welcome = `# Welcome to Offthread

Type markdown on the left; the preview on the right is rendered in a **web worker**,
so the editor never waits for it.

- GitHub-flavored markdown: tables, task lists, ~~strikethrough~~, footnotes[^1]
- Math with KaTeX: $e^{i\\pi} + 1 = 0$
- Code highlighted by Shiki:

\`\`\`ts
const greet = (name: string) => \`Hello, \${name}!\`
\`\`\`

- [x] Open **Open → Feature tour** to see everything the renderer supports
- [ ] Try a large sample and watch the render time in the header

[^1]: Like this one.
`
