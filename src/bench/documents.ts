/** The documents a benchmark can run on: generated sizes, a sample, or the open document. */
import {generateMarkdown} from '../../shared/gen-samples.ts'
import {markdownAtom} from '../state/documents.ts'
import {store} from '../state/store.ts'
import type {BenchConfig, DocumentInfo, ProfileId} from './types.ts'

/** A document with its text. */
export interface BenchDocument extends DocumentInfo {
  text: string
}

/** The generated sizes offered, in bytes. */
export const generatedSizes = [10_000, 100_000, 1_000_000, 5_000_000] as const

/** The seed of every generated benchmark document. */
export const benchSeed = 1

/** `10 KB`, `1 MB`, … */
export function sizeLabel(bytes: number): string {
  return bytes >= 1e6 ? `${+(bytes / 1e6).toFixed(1)} MB` : `${+(bytes / 1e3).toFixed(1)} KB`
}

/** The id prefix of each profile's generated documents. */
const profilePrefix: Record<ProfileId, string> = {mixed: 'gen:', reply: 'reply:', 'reply-fn': 'reply-fn:'}

/** The documents a benchmark runs on: each generated size in each profile picked. */
export function benchDocuments(config: Pick<BenchConfig, 'documents' | 'profiles'>): string[] {
  const profiles = config.profiles.length > 0 ? config.profiles : (['mixed'] as const)
  return config.documents.flatMap((id) => (id.startsWith('gen:') ? profiles.map((profile) => profilePrefix[profile] + id.slice(4)) : [id]))
}

/** Label of document id `id`. */
export function documentLabel(id: string): string {
  if (id.startsWith('gen:')) return `Generated ${sizeLabel(Number(id.slice(4)))}`
  if (id.startsWith('reply:')) return `Reply ${sizeLabel(Number(id.slice(6)))}`
  if (id.startsWith('reply-fn:')) return `Reply with footnotes ${sizeLabel(Number(id.slice(9)))}`
  if (id.startsWith('sample:')) return `Sample ${id.slice(7)}`
  return 'Current document'
}

/** The text of document `id`: `gen:<bytes>`, `sample:<file>` or `current`. */
export async function loadDocument(id: string, signal: AbortSignal): Promise<BenchDocument> {
  let text: string
  if (id.startsWith('gen:')) {
    const bytes = Number(id.slice(4))
    if (!Number.isFinite(bytes) || bytes <= 0) throw new Error(`Expected a size in bytes, not \`${id.slice(4)}\``)
    text = generateMarkdown(bytes, benchSeed)
  } else if (id.startsWith('reply:') || id.startsWith('reply-fn:')) {
    const footnotes = id.startsWith('reply-fn:')
    const bytes = Number(id.slice(id.indexOf(':') + 1))
    if (!Number.isFinite(bytes) || bytes <= 0) throw new Error(`Expected a size in bytes, not \`${id}\``)
    // Loaded when a benchmark asks for a reply, not with the app.
    const {generateReply} = await import('../../shared/gen-reply.ts')
    text = generateReply(bytes, benchSeed, {footnotes})
  } else if (id.startsWith('sample:')) {
    const response = await fetch(new URL(`samples/${encodeURIComponent(id.slice(7))}`, document.baseURI), {signal})
    if (!response.ok) throw new Error(`Could not load sample ${id.slice(7)}: ${response.status}`)
    text = await response.text()
  } else if (id === 'current') {
    text = store.get(markdownAtom)
  } else {
    throw new Error(`Expected a document id (\`gen:<bytes>\`, \`sample:<file>\` or \`current\`), not \`${id}\``)
  }
  return {id, label: documentLabel(id), bytes: new TextEncoder().encode(text).length, text}
}
