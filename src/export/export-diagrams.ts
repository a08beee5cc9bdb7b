/**
 * Diagrams in Export HTML, drawn by the same sandboxed frames and sanitizer
 * as the preview's (`shared/diagrams.ts`); one that cannot be drawn stays code.
 */
import type {Root} from 'hast'
import {diagramFontFamily, drawDiagrams as replaceDiagrams, findDiagrams} from '../../shared/diagrams.ts'

/** Replace, in place, every closed mermaid fence of `hast` with its diagram in both themes. */
export async function drawDiagrams(hast: Root): Promise<void> {
  if (findDiagrams(hast).length === 0) return
  const {drawDiagram} = await import('../render/mermaid/draw-diagram.ts')
  await replaceDiagrams(hast, (source, theme) => drawDiagram({source, theme, fontFamily: diagramFontFamily}))
}
