/**
 * Render sessions: one per document or streamed reply. PLACEHOLDER until the
 * incremental renderer lands: renders the whole text each time and cuts the
 * result into one block per top-level node.
 */
import type {Root, RootContent} from 'hast'
import {markdownToHast} from './pipeline.ts'
import type {BlockPlacement, RenderedBlock, SessionOptions, SessionUpdate} from './session-types.ts'

interface Session {
  sent: Set<string>
}

const sessions = new Map<string, Session>()

/** Render `markdown` as the new text of session `sessionId`. */
export async function renderSession(
  sessionId: string,
  markdown: string,
  version: number,
  _options: SessionOptions = {},
): Promise<SessionUpdate> {
  const started = performance.now()
  let session = sessions.get(sessionId)
  if (!session) sessions.set(sessionId, (session = {sent: new Set()}))
  const result = await markdownToHast(markdown)
  const order: BlockPlacement[] = []
  const blocks: RenderedBlock[] = []
  const seen = new Map<string, number>()
  for (const node of result.hast.children) {
    const lineOffset = lineStartOf(node) - 1
    const hast: Root = {type: 'root', children: [shiftLines(structuredClone(node), -lineOffset)]}
    const base = hashString(JSON.stringify(hast))
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    const key = count === 1 ? base : `${base}~${count}`
    order.push({key, lineOffset})
    if (!session.sent.has(key)) {
      session.sent.add(key)
      blocks.push({key, hast})
    }
  }
  return {sessionId, version, order, blocks, messages: result.messages, ms: performance.now() - started, rendered: order.length}
}

/** Forget a session and its cache. */
export function closeSession(sessionId: string): void {
  sessions.delete(sessionId)
}

/** The whole document of an update, as a full render would give it. */
export function assembleHast(order: readonly BlockPlacement[], blocks: ReadonlyMap<string, Root>): Root {
  const children: RootContent[] = []
  for (const {key, lineOffset} of order) {
    const block = blocks.get(key)
    if (!block) throw new Error(`Expected block \`${key}\` to have been sent`)
    for (const node of block.children) children.push(shiftLines(structuredClone(node), lineOffset))
  }
  return {type: 'root', children}
}

function lineStartOf(node: RootContent): number {
  return node.type === 'element' && typeof node.properties.dataLineStart === 'number' ? node.properties.dataLineStart : 1
}

function shiftLines<T extends RootContent>(node: T, by: number): T {
  if (node.type === 'element' && typeof node.properties.dataLineStart === 'number') {
    node.properties.dataLineStart += by
    node.properties.dataLineEnd = Number(node.properties.dataLineEnd) + by
  }
  return node
}

/** 53-bit string hash (cyrb53), enough to key blocks within one session. */
function hashString(value: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}
