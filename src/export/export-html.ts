/**
 * Export HTML: the current document as a standalone page, the same output as
 * `npm run render`, but with diagrams drawn (export-diagrams.ts). The worker renders the whole text; this module and the
 * page template (`shared/html-document.ts`, pure) load only when exporting.
 */
import {documentCss} from '../../shared/document-css.ts'
import {hastToDocument, titleOf} from '../../shared/html-document.ts'
import {callRenderer} from '../render/client.ts'
import {fileNameOf} from '../state/files.ts'
import {drawDiagrams} from './export-diagrams.ts'
import {katexCss} from './katex-css.ts'

/** The standalone HTML document for `markdown`. */
export async function markdownToDocument(markdown: string): Promise<string> {
  const [{hast}, katex] = await Promise.all([callRenderer((remote) => remote.markdownToHast(markdown)), katexCss()])
  await drawDiagrams(hast)
  // KaTeX first, as in the CLI: the document rules adjust some of its classes.
  return hastToDocument(hast, {title: titleOf(hast), css: `${katex}\n${documentCss}`})
}

/** Download `html` as `name.html`. */
export function downloadHtml(html: string, name: string): void {
  const url = URL.createObjectURL(new Blob([html], {type: 'text/html;charset=utf-8'}))
  const link = document.createElement('a')
  link.href = url
  link.download = `${fileNameOf(name)}.html`
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
