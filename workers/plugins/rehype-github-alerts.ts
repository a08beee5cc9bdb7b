/**
 * GitHub's alerts: a top-level quote whose first line is `[!NOTE]`, `[!TIP]`,
 * `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case) alone, followed by
 * content, becomes `<div class="markdown-alert markdown-alert-note">` with a
 * title and its octicon, as on GitHub. Anything else stays a quote.
 *
 * Runs after the sanitizer, so the allowlist keeps rejecting SVG written in
 * the document. (rehype-github-alerts would bundle all of Primer's octicons;
 * remark-github-blockquote-alert titles alerts in capitals and accepts text
 * after the marker, which GitHub does not.)
 */
import type {Element, ElementContent, Root} from 'hast'

/** Octicons (16px) GitHub shows in each alert's title, MIT licensed. */
const alerts: Record<string, {title: string; icon: string; path: string}> = {
  note: {
    title: 'Note',
    icon: 'info',
    path: 'M0 8a8 8 0 1 1 16 0A8 8 0 0 1 0 8Zm8-6.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM6.5 7.75A.75.75 0 0 1 7.25 7h1a.75.75 0 0 1 .75.75v2.75h.25a.75.75 0 0 1 0 1.5h-2a.75.75 0 0 1 0-1.5h.25v-2h-.25a.75.75 0 0 1-.75-.75ZM8 6a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z',
  },
  tip: {
    title: 'Tip',
    icon: 'light-bulb',
    path: 'M8 1.5c-2.363 0-4 1.69-4 3.75 0 .984.424 1.625.984 2.304l.214.253c.223.264.47.556.673.848.284.411.537.896.621 1.49a.75.75 0 0 1-1.484.211c-.04-.282-.163-.547-.37-.847a8.456 8.456 0 0 0-.542-.68c-.084-.1-.173-.205-.268-.32C3.201 7.75 2.5 6.766 2.5 5.25 2.5 2.31 4.863 0 8 0s5.5 2.31 5.5 5.25c0 1.516-.701 2.5-1.328 3.259-.095.115-.184.22-.268.319-.207.245-.383.453-.541.681-.208.3-.33.565-.37.847a.751.751 0 0 1-1.485-.212c.084-.593.337-1.078.621-1.489.203-.292.45-.584.673-.848.075-.088.147-.173.213-.253.561-.679.985-1.32.985-2.304 0-2.06-1.637-3.75-4-3.75ZM5.75 12h4.5a.75.75 0 0 1 0 1.5h-4.5a.75.75 0 0 1 0-1.5ZM6 15.25a.75.75 0 0 1 .75-.75h2.5a.75.75 0 0 1 0 1.5h-2.5a.75.75 0 0 1-.75-.75Z',
  },
  important: {
    title: 'Important',
    icon: 'report',
    path: 'M0 1.75C0 .784.784 0 1.75 0h12.5C15.216 0 16 .784 16 1.75v9.5A1.75 1.75 0 0 1 14.25 13H8.06l-2.573 2.573A1.458 1.458 0 0 1 3 14.543V13H1.75A1.75 1.75 0 0 1 0 11.25Zm1.75-.25a.25.25 0 0 0-.25.25v9.5c0 .138.112.25.25.25h2a.75.75 0 0 1 .75.75v2.19l2.72-2.72a.749.749 0 0 1 .53-.22h6.5a.25.25 0 0 0 .25-.25v-9.5a.25.25 0 0 0-.25-.25Zm7 2.25v2.5a.75.75 0 0 1-1.5 0v-2.5a.75.75 0 0 1 1.5 0ZM9 9a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z',
  },
  warning: {
    title: 'Warning',
    icon: 'alert',
    path: 'M6.457 1.047c.659-1.234 2.427-1.234 3.086 0l6.082 11.378A1.75 1.75 0 0 1 14.082 15H1.918a1.75 1.75 0 0 1-1.543-2.575Zm1.763.707a.25.25 0 0 0-.44 0L1.698 13.132a.25.25 0 0 0 .22.368h12.164a.25.25 0 0 0 .22-.368Zm.53 3.996v2.5a.75.75 0 0 1-1.5 0v-2.5a.75.75 0 0 1 1.5 0ZM9 11a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z',
  },
  caution: {
    title: 'Caution',
    icon: 'stop',
    path: 'M4.47.22A.749.749 0 0 1 5 0h6c.199 0 .389.079.53.22l4.25 4.25c.141.14.22.331.22.53v6a.749.749 0 0 1-.22.53l-4.25 4.25A.749.749 0 0 1 11 16H5a.749.749 0 0 1-.53-.22L.22 11.53A.749.749 0 0 1 0 11V5c0-.199.079-.389.22-.53Zm.84 1.28L1.5 5.31v5.38l3.81 3.81h5.38l3.81-3.81V5.31L10.69 1.5ZM8 4a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 8 4Zm0 8a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z',
  },
}

/** The marker alone on the first line: the alert's kind, and the rest of the line's text node. */
const marker = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)/i

/** Turn top-level alert quotes into GitHub's alert markup. */
export default function rehypeGithubAlerts() {
  return (tree: Root) => {
    for (const node of tree.children) if (node.type === 'element' && node.tagName === 'blockquote') toAlert(node)
  }
}

function toAlert(quote: Element): void {
  const blocks = quote.children.filter((child) => child.type === 'element')
  const first = blocks[0]
  const text = first?.tagName === 'p' ? first.children[0] : undefined
  const match = text?.type === 'text' ? marker.exec(text.value) : null
  if (!first || !match || text?.type !== 'text') return
  const rest = [...first.children]
  const after = text.value.slice(match[0].length)
  if (after === '') rest.shift()
  else rest[0] = {...text, value: after}
  // `[!NOTE]` then a hard break: the break goes with the marker's line.
  const head = rest[0]
  if (after === '' && head?.type === 'element' && head.tagName === 'br') {
    rest.shift()
    const next = rest[0]
    if (next?.type === 'text') {
      const value = next.value.replace(/^\n/, '')
      if (value === '') rest.shift()
      else rest[0] = {...next, value}
    }
  }
  // A marker with nothing after it stays a quote, as on GitHub.
  if (rest.length === 0 && blocks.length === 1) return
  const kind = match[1]!.toLowerCase()
  const alert = alerts[kind]!
  const icon: Element = {
    type: 'element',
    tagName: 'svg',
    properties: {className: ['octicon', `octicon-${alert.icon}`], viewBox: '0 0 16 16', version: '1.1', width: 16, height: 16, ariaHidden: 'true'},
    children: [{type: 'element', tagName: 'path', properties: {d: alert.path}, children: []}],
  }
  const title: Element = {
    type: 'element',
    tagName: 'p',
    properties: {className: ['markdown-alert-title']},
    children: [icon, {type: 'text', value: alert.title}],
  }
  const index = quote.children.indexOf(first)
  const body: ElementContent[] = rest.length > 0 ? [{...first, children: rest}] : []
  quote.children.splice(index, 1, title, ...(body.length > 0 ? [{type: 'text' as const, value: '\n'}, ...body] : []))
  quote.tagName = 'div'
  quote.properties = {...quote.properties, className: ['markdown-alert', `markdown-alert-${kind}`]}
}
