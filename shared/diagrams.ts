/**
 * Diagrams in a standalone page (Export HTML and the CLI): each closed
 * mermaid fence is replaced by its drawing in the light and the dark theme,
 * and the page shows the one its reader's colour scheme asks for
 * (`shared/document-css.ts`). Who draws is the caller's: sandboxed frames in
 * the app, headless Chromium in the CLI.
 */
import type {Element, ElementContent, Root} from 'hast'
import {fromHtmlIsomorphic} from 'hast-util-from-html-isomorphic'
import {toString} from 'hast-util-to-string'

/** The preview's font, so labels are measured as the page draws them. */
export const diagramFontFamily = '-apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif'

export type DiagramTheme = 'light' | 'dark'

/** A diagram as sanitized SVG, or why it could not be drawn. */
export type DrawnDiagram = {svg: string} | {error: string}

export type DrawDiagram = (source: string, theme: DiagramTheme) => Promise<DrawnDiagram>

/** A frame's answer to a request; `undefined` when it did not answer in time. */
export type FrameAnswer = Record<string, unknown> | undefined

/**
 * Draw `request` in the drawing frame (`draw-frame.js`), then sanitize its
 * SVG in the other (`sanitize-frame.js`), through `ask`, however the caller
 * reaches its frames. `silent` is called when a frame did not answer in time.
 */
export async function drawAndSanitize(
  ask: (frame: 'draw' | 'sanitize', request: object) => Promise<FrameAnswer>,
  request: object,
  silent: () => void,
): Promise<DrawnDiagram> {
  const drawn = await ask('draw', request)
  if (!drawn) {
    silent()
    return {error: 'Drawing the diagram took too long'}
  }
  if (typeof drawn.svg !== 'string') return {error: typeof drawn.error === 'string' ? drawn.error : 'The diagram could not be drawn'}
  const clean = await ask('sanitize', {svg: drawn.svg})
  if (typeof clean?.svg === 'string') return {svg: clean.svg}
  silent()
  return {error: 'The diagram could not be checked'}
}

/** A diagram left as code: its source, the line of its fence (or of the block it is in), and why. */
export interface FailedDiagram {
  source: string
  line: number | undefined
  error: string
}

interface Found {
  parent: Root | Element
  index: number
  source: string
  line: number | undefined
}

/** The closed mermaid fences of `hast`, where they are and their source. */
export function findDiagrams(hast: Root): Found[] {
  const found: Found[] = []
  // Lines are known for top-level blocks (`data-line-start`): a nested fence gets its block's.
  const visit = (parent: Root | Element, line: number | undefined) =>
    parent.children.forEach((child, index) => {
      if (child.type !== 'element') return
      const start = typeof child.properties.dataLineStart === 'number' ? child.properties.dataLineStart : line
      if (child.tagName === 'pre' && child.properties.dataLanguage === 'mermaid' && !child.properties.dataFenceOpen)
        found.push({parent, index, source: toString(child), line: start})
      else visit(child, start)
    })
  visit(hast, undefined)
  return found
}

/** Replace, in place, every closed mermaid fence of `hast` that `draw` can draw; the others stay code. */
export async function drawDiagrams(hast: Root, draw: DrawDiagram): Promise<FailedDiagram[]> {
  const failed: FailedDiagram[] = []
  for (const {parent, index, source, line} of findDiagrams(hast)) {
    const light = await draw(source, 'light')
    const dark = 'svg' in light ? await draw(source, 'dark') : light
    if (!('svg' in light) || !('svg' in dark)) {
      failed.push({source, line, error: 'error' in light ? light.error : (dark as {error: string}).error})
      continue
    }
    parent.children[index] = {
      type: 'element',
      tagName: 'div',
      properties: {className: ['drawn-diagram']},
      children: [themed('light', light.svg), themed('dark', dark.svg)],
    }
  }
  return failed
}

function themed(theme: DiagramTheme, svg: string): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: {className: [`drawn-diagram-${theme}`]},
    children: fromHtmlIsomorphic(svg, {fragment: true}).children as ElementContent[],
  }
}
