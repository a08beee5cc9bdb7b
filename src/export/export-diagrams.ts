/**
 * Diagrams in Export HTML: each mermaid fence the preview would draw is
 * drawn here too (the same sandboxed frames, the same sanitizer) in the
 * light and the dark theme, and the exported page shows the one its reader's
 * colour scheme asks for (`shared/document-css.ts`). A diagram that cannot be drawn stays code, as the
 * CLI, which has no DOM to draw with, leaves every diagram.
 */
import type {Element, ElementContent, Root} from 'hast'
import {fromHtmlIsomorphic} from 'hast-util-from-html-isomorphic'
import {toString} from 'hast-util-to-string'
import {diagramFontFamily} from '../render/mermaid/Diagram.tsx'
import type {FrameRequest} from '../render/mermaid/diagram-frame.ts'

/** Replace, in place, every closed mermaid fence of `hast` with its diagram in both themes. */
export async function drawDiagrams(hast: Root): Promise<void> {
  const fences = findDiagrams(hast)
  if (fences.length === 0) return
  const {drawDiagram} = await import('../render/mermaid/draw-diagram.ts')
  const draw = async (source: string, theme: FrameRequest['theme']) => {
    const result = await drawDiagram({source, theme, fontFamily: diagramFontFamily})
    return 'svg' in result ? result.svg : undefined
  }
  for (const {parent, index, source} of fences) {
    const [light, dark] = [await draw(source, 'light'), await draw(source, 'dark')]
    if (!light || !dark) continue
    const themed = (theme: string, svg: string): Element => ({
      type: 'element',
      tagName: 'div',
      properties: {className: [`drawn-diagram-${theme}`]},
      children: fromHtmlIsomorphic(svg, {fragment: true}).children as ElementContent[],
    })
    parent.children[index] = {
      type: 'element',
      tagName: 'div',
      properties: {className: ['drawn-diagram']},
      children: [themed('light', light), themed('dark', dark)],
    }
  }
}

/** The closed mermaid fences of `hast`, where they are and their source. */
function findDiagrams(hast: Root): {parent: Root | Element; index: number; source: string}[] {
  const found: {parent: Root | Element; index: number; source: string}[] = []
  const visit = (parent: Root | Element) =>
    parent.children.forEach((child, index) => {
      if (child.type !== 'element') return
      if (child.tagName === 'pre' && child.properties.dataLanguage === 'mermaid' && !child.properties.dataFenceOpen)
        found.push({parent, index, source: toString(child)})
      else visit(child)
    })
  visit(hast)
  return found
}
