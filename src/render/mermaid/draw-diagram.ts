/**
 * Diagrams as sanitized SVG (diagram-frame.ts), kept by source and theme, so
 * a block mounted again (scrolled back to, or the document opened again)
 * shows at once. Loaded only when a document has a diagram.
 */
import type {DrawnDiagram} from '../../../shared/diagrams.ts'
import {drawInFrame, type FrameRequest} from './diagram-frame.ts'

/** Diagrams kept, the most recently used last. */
const cache = new Map<string, DrawnDiagram>()
const cacheSize = 64

/** The diagram of `request.source` as sanitized SVG, or the reason it could not be drawn. */
export async function drawDiagram(request: FrameRequest, signal?: AbortSignal): Promise<DrawnDiagram> {
  const key = `${request.theme}\u0000${request.fontFamily}\u0000${request.source}`
  const kept = cache.get(key)
  if (kept) {
    cache.delete(key)
    cache.set(key, kept)
    return kept
  }
  const result = await drawInFrame(request, signal)
  // Errors are not kept: a frame that timed out on a busy machine may draw the diagram next time.
  if ('svg' in result) cache.set(key, result)
  if (cache.size > cacheSize) cache.delete(cache.keys().next().value!)
  return result
}
