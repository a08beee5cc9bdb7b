/**
 * The chat scenario's plan: for each rate, a conversation without footnotes
 * and one with, each run by every mode that can render a chat. The replies
 * are generated (`shared/gen-reply.ts`) by the replay model from a seed, so
 * every mode receives the same text at the same pace.
 */
import {random} from '../../../shared/gen-samples.ts'
import {chatModes, type BenchConfig, type DocumentInfo, type ModeId} from '../types.ts'

/** One reply of the conversation, as the replay model is asked for it. */
export interface ChatReplyPlan {
  /** The reply's size: 5 to 30 KB, or what `chatSeconds` streams at the rate if less (a small reply overshoots by up to a block). */
  bytes: number
  /** Its size before `chatSeconds` shortened it. */
  planned: number
  seed: number
  /** The message that asks the replay model for it. */
  command: string
}

/** One run: a conversation at one rate, rendered by one mode. */
export interface ChatRunPlan {
  mode: ModeId
  cps: number
  footnotes: boolean
  replies: ChatReplyPlan[]
  /** The conversation as the results name it. */
  document: DocumentInfo
}

/** The replies of a conversation at `cps`. */
export function chatReplies(config: Pick<BenchConfig, 'chatReplies' | 'chatSeconds'>, cps: number, footnotes: boolean): ChatReplyPlan[] {
  const next = random(2026)
  return Array.from({length: Math.max(1, config.chatReplies)}, (_, index) => {
    const planned = 5_000 + Math.round(next() * 25) * 1_000
    // A shorter reply rather than a cut one: its footnotes are still defined at its end.
    const bytes = config.chatSeconds > 0 ? Math.min(planned, Math.round(cps * config.chatSeconds)) : planned
    const seed = 100 + index
    const command = `/bench-reply bytes=${bytes} seed=${seed} cps=${cps} footnotes=${footnotes ? 1 : 0}`
    return {bytes, planned, seed, command}
  })
}

/** Every run of the chat scenario, grouped by conversation so modes sit side by side. */
export function chatPlan(config: Pick<BenchConfig, 'modes' | 'chatRates' | 'chatReplies' | 'chatSeconds'>): ChatRunPlan[] {
  const modes = chatModes.filter((mode) => config.modes.includes(mode))
  return config.chatRates.flatMap((cps) =>
    [false, true].flatMap((footnotes) => {
      const replies = chatReplies(config, cps, footnotes)
      const chars = replies.reduce((total, reply) => total + reply.bytes, 0)
      const document: DocumentInfo = {
        id: `chat:${cps}:${footnotes ? 'footnotes' : 'plain'}`,
        label: `Chat ${cps} chars/s${footnotes ? ', footnotes' : ''}`,
        bytes: chars,
      }
      return modes.map((mode) => ({mode, cps, footnotes, replies, document}))
    }),
  )
}
