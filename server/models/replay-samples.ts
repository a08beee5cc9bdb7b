/**
 * The replay model's commands that stream documents: `/sample NAME` replays
 * one of the app's samples (`public/samples/index.json`), `/long SIZE` a
 * generated answer of about SIZE bytes for stress tests.
 */
import {readFile} from 'node:fs/promises'
import {generateMarkdown, generatedSamples} from '../../shared/gen-samples.ts'

/** The largest answer `/long` generates, in bytes; larger sizes are capped. */
export const MAX_LONG_BYTES = 1_000_000

/** The size `/long` generates without an argument. */
export const DEFAULT_LONG_BYTES = 500_000

interface SampleEntry {
  id: string
  name: string
  file: string
}

// From the sources (server/models/) the samples are in public/; the built
// server (dist/server/index.js) reads the copies Vite put in dist/.
const samplesDir = new URL(import.meta.url.endsWith('.js') ? '../samples/' : '../../public/samples/', import.meta.url)

/** Answer `/sample NAME`: the sample's markdown, or which samples exist. */
export async function sampleAnswer(name: string): Promise<string> {
  const samples = await readSampleIndex()
  const list = samples.map((sample) => `- \`${sample.id}\`: ${sample.name}`).join('\n')
  if (name === '') return `Which sample? Type \`/sample NAME\` with one of these names:\n\n${list}\n`
  const wanted = name.toLowerCase()
  const sample = samples.find((item) => [item.id, item.file, item.file.replace(/\.md$/, ''), item.name].some((key) => key.toLowerCase() === wanted))
  if (!sample) return `There is no sample called \`${name.replaceAll('`', '')}\`. The samples are:\n\n${list}\n`
  const generated = generatedSamples.find((item) => item.file === sample.file)
  // The large samples are generated at build time, not stored in public/.
  if (generated) return generateMarkdown(generated.bytes, generated.seed)
  return readFile(new URL(sample.file, samplesDir), 'utf8')
}

/** Answer `/long SIZE` (such as `500k`, `1m`, `20000`): generated markdown of about that many bytes. */
export function longAnswer(size: string): string {
  const bytes = size === '' ? DEFAULT_LONG_BYTES : parseSize(size)
  if (bytes === undefined) {
    return `\`/long\` takes a size in bytes such as \`500k\`, \`1m\` or \`20000\`, not \`${size.replaceAll('`', '')}\`.\n`
  }
  const capped = Math.min(Math.max(bytes, 1), MAX_LONG_BYTES)
  const note = capped < bytes ? ` (capped at ${MAX_LONG_BYTES.toLocaleString('en')} bytes)` : ''
  return `A generated answer of about ${capped.toLocaleString('en')} bytes${note}, for stress tests.\n\n${generateMarkdown(capped, 5)}`
}

function parseSize(size: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(k|kb|m|mb)?$/i.exec(size)
  if (!match) return undefined
  const unit = match[2]?.[0]?.toLowerCase()
  return Math.round(Number(match[1]) * (unit === 'k' ? 1000 : unit === 'm' ? 1_000_000 : 1))
}

async function readSampleIndex(): Promise<SampleEntry[]> {
  const index: unknown = JSON.parse(await readFile(new URL('index.json', samplesDir), 'utf8'))
  if (!Array.isArray(index)) throw new Error('Expected `public/samples/index.json` to hold an array')
  return index.filter(
    (item): item is SampleEntry =>
      typeof item?.id === 'string' &&
      typeof item.name === 'string' &&
      typeof item.file === 'string' &&
      // Only plain file names inside public/samples/.
      /^[\w.-]+$/.test(item.file) &&
      !item.file.startsWith('.'),
  )
}
