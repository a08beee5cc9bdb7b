/**
 * Replies from an OpenAI-compatible chat-completions endpoint (Ollama,
 * llama.cpp's server, vLLM, OpenAI), streamed through the AI SDK provider.
 */
import {createOpenAICompatible} from '@ai-sdk/openai-compatible'
import type {LanguageModelV3} from '@ai-sdk/provider'
import {wrapLanguageModel} from 'ai'
import {upstreamGuard} from './upstream-guard.ts'

/** The model asked for when `OPENAI_MODEL` is unset. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini'

/** Where the upstream is and how to call it (from `OPENAI_*` and `CHAT_IDLE_TIMEOUT_MS`). */
export interface UpstreamOptions {
  /** Such as `http://127.0.0.1:11434/v1`; `/chat/completions` is appended. */
  baseURL: string
  /** Sent as `Authorization: Bearer …`, only to the upstream. */
  apiKey?: string | undefined
  model: string
  /** End the reply with an error when the upstream sends nothing for this long. */
  idleTimeoutMs: number
}

/** Create the upstream model, guarded by an idle timeout. */
export function createUpstreamModel(options: UpstreamOptions): LanguageModelV3 {
  const provider = createOpenAICompatible({
    name: 'upstream',
    baseURL: options.baseURL,
    ...(options.apiKey ? {apiKey: options.apiKey} : {}),
  })
  return wrapLanguageModel({model: provider.chatModel(options.model), middleware: upstreamGuard(options.idleTimeoutMs)})
}
