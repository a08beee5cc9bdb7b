/**
 * The embedded default model: an AI SDK language model (spec v3) that replays
 * canned markdown answers word by word, offline, at a realistic rate.
 */
import {setTimeout as delay} from 'node:timers/promises'
import type {LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3StreamPart, LanguageModelV3Usage} from '@ai-sdk/provider'
import {replayAnswer} from './replay-answers.ts'
import {benchChunks, benchReplyText, parseBenchReply} from './replay-bench.ts'

/** Tokens (here: words) per second when `CHAT_REPLAY_TPS` is unset; about what a hosted model streams. */
export const DEFAULT_REPLAY_TPS = 40

/** Long answers send several words per tick so that no answer streams for longer than this. */
export const MAX_REPLAY_SECONDS = 30

/** The model id the replay model reports, also sent to the browser as message metadata. */
export const REPLAY_MODEL_ID = 'offthread-replay'

/** Options of the replay model. */
export interface ReplayOptions {
  /** Deltas per second; `0` sends them as fast as the client reads. */
  tokensPerSecond: number
}

/** Create the replay model. */
export function createReplayModel(options: ReplayOptions): LanguageModelV3 {
  const {tokensPerSecond} = options
  if (!(tokensPerSecond >= 0) || !Number.isFinite(tokensPerSecond)) {
    throw new Error(`Expected \`tokensPerSecond\` to be a number, 0 or more, not \`${tokensPerSecond}\``)
  }
  return {
    specificationVersion: 'v3',
    provider: 'offthread',
    modelId: REPLAY_MODEL_ID,
    supportedUrls: {},
    async doGenerate(call) {
      call.abortSignal?.throwIfAborted()
      const text = await replayAnswer(lastUserText(call.prompt))
      return {
        content: [{type: 'text', text}],
        finishReason: {unified: 'stop', raw: 'stop'},
        usage: usage(call.prompt, countWords(text)),
        warnings: [],
      }
    },
    async doStream(call) {
      call.abortSignal?.throwIfAborted()
      const question = lastUserText(call.prompt)
      const bench = parseBenchReply(question)
      if (bench) {
        const pace: Pace = (_, chars) => (chars * 1000) / bench.cps
        return {stream: replayStream(benchChunks(benchReplyText(bench), bench.seed), call.prompt, pace, call.abortSignal)}
      }
      const text = await replayAnswer(question)
      const pace: Pace | undefined = tokensPerSecond > 0 ? (index) => (index * 1000) / tokensPerSecond : undefined
      return {stream: replayStream(textToDeltas(text, tokensPerSecond), call.prompt, pace, call.abortSignal)}
    },
  }
}

/** The text of the last user message in a prompt (empty if there is none). */
export function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index]!
    if (message.role !== 'user') continue
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
  }
  return ''
}

/**
 * Yield the deltas to stream: one word each (with the whitespace after it),
 * or several words so that the answer streams in at most `MAX_REPLAY_SECONDS`.
 * Lazy, so a 1 MB answer is not held a second time as a list of pieces.
 */
export function* textToDeltas(text: string, tokensPerSecond: number): Generator<string, void, undefined> {
  const budget = tokensPerSecond * MAX_REPLAY_SECONDS
  const words = tokensPerSecond > 0 ? countWords(text) : 0
  const size = words > budget ? Math.ceil(words / budget) : 1
  // Leading whitespace goes with the first word; whitespace alone is one delta.
  const pattern = new RegExp(`(?:\\s*\\S+\\s*){1,${size}}|\\s+`, 'y')
  while (pattern.lastIndex < text.length) yield pattern.exec(text)![0]
}

function countWords(text: string): number {
  const word = /\S+/g
  let count = 0
  while (word.exec(text)) count++
  return count
}

/** When delta `index` is due, in ms from the start, given the characters sent with it; none: as fast as the client reads. */
type Pace = (index: number, chars: number) => number

function replayStream(
  deltas: Iterator<string, void, undefined>,
  prompt: LanguageModelV3Prompt,
  pace: Pace | undefined,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV3StreamPart> {
  const id = 'text-0'
  let next = deltas.next()
  let index = 0
  let chars = 0
  let started = 0
  let onAbort: (() => void) | undefined

  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      started = performance.now()
      // A pending `delay` rejects on abort, but a stream nobody reads never
      // pulls, so the abort errors it directly too.
      onAbort = () => controller.error(signal?.reason)
      signal?.addEventListener('abort', onAbort, {once: true})
      controller.enqueue({type: 'stream-start', warnings: []})
      controller.enqueue({type: 'response-metadata', modelId: REPLAY_MODEL_ID, timestamp: new Date()})
      controller.enqueue({type: 'text-start', id})
    },
    async pull(controller) {
      if (next.done) {
        controller.enqueue({type: 'text-end', id})
        controller.enqueue({
          type: 'finish',
          finishReason: {unified: 'stop', raw: 'stop'},
          usage: usage(prompt, index),
        })
        controller.close()
        if (onAbort) signal?.removeEventListener('abort', onAbort)
        return
      }
      if (pace) {
        // Schedule against the start so timer lag does not add up over a long answer.
        const wait = started + pace(index, chars + next.value.length) - performance.now()
        if (wait > 1) await delay(wait, undefined, {signal})
      } else if (index % 64 === 63) {
        // As fast as possible, yet other requests still get a turn.
        await delay(0, undefined, {signal})
      }
      controller.enqueue({type: 'text-delta', id, delta: next.value})
      chars += next.value.length
      next = deltas.next()
      index++
    },
    cancel() {
      if (onAbort) signal?.removeEventListener('abort', onAbort)
    },
  })
}

function usage(prompt: LanguageModelV3Prompt, output: number): LanguageModelV3Usage {
  const input = countWords(lastUserText(prompt))
  return {
    inputTokens: {total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined},
    outputTokens: {total: output, text: output, reasoning: undefined},
  }
}
