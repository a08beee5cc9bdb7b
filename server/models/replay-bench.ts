/**
 * The benchmark's replies: `/bench-reply bytes=12000 seed=3 cps=150
 * footnotes=1` streams a generated reply (`shared/gen-reply.ts`)
 * at a model's pace, in characters per second, in chunks of 3 to 20
 * characters, as hosted models send them. The benchmark's chat scenario
 * sends it; it is not offered in `/help`, since it shows nothing a person
 * would ask for.
 */
import {random} from '../../shared/gen-samples.ts'
import {generateReply} from '../../shared/gen-reply.ts'

/** A benchmark reply, as its command asks for it. */
export interface BenchReply {
  /** Size of the generated reply. */
  bytes: number
  seed: number
  /** Characters per second. */
  cps: number
  footnotes: boolean
}

const keys = ['bytes', 'seed', 'cps', 'footnotes'] as const

/** The reply `text` asks for, if it is a `/bench-reply` command; throws on a malformed one. */
export function parseBenchReply(text: string): BenchReply | undefined {
  const match = /^\/bench-reply\b([^]*)$/.exec(text.trim())
  if (!match) return undefined
  const values: Record<string, number> = {bytes: 10_000, seed: 1, cps: 150, footnotes: 0}
  for (const pair of match[1]!.trim().split(/\s+/).filter(Boolean)) {
    const [key = '', raw = ''] = pair.split('=')
    const value = Number(raw)
    if (!keys.includes(key as never) || !Number.isFinite(value) || value < 0)
      throw new Error(`Expected \`key=number\` with a key of ${keys.join(', ')}, not \`${pair}\``)
    values[key] = value
  }
  if (values.bytes! < 1 || values.bytes! > 1_000_000 || values.cps! <= 0) throw new Error('Expected `bytes` from 1 to 1,000,000 and `cps` above 0')
  return {bytes: values.bytes!, seed: values.seed!, cps: values.cps!, footnotes: values.footnotes! > 0}
}

/** The text a benchmark reply streams. */
export function benchReplyText(reply: BenchReply): string {
  return generateReply(reply.bytes, reply.seed, {footnotes: reply.footnotes})
}

/** The text in chunks of 3 to 20 characters, seeded by `seed`. */
export function* benchChunks(text: string, seed: number): Generator<string, void, undefined> {
  const next = random(seed ^ 0x5eed)
  for (let at = 0; at < text.length; ) {
    const size = 3 + Math.floor(next() * 18)
    yield text.slice(at, at + size)
    at += size
  }
}
