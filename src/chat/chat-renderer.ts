/**
 * Keep the open conversation's messages rendered, each in its own render
 * session (`chat:<id>`): a streaming reply is sent on every change with its
 * unfinished end healed, then once more as it is, which equals a full render.
 * When a reply ends, its whole text is shown healed before it is sent as it
 * is: healed, code whose grammar is still being compiled shows plain, while
 * the render as it is waits for that grammar (seconds for the largest).
 * A finished message's session is closed once that render arrived (its
 * blocks stay in `messageRenderAtom`); messages of other conversations are
 * dropped. Runs outside React.
 */
import {onRendererCrash} from '../render/client.ts'
import {createLiveRender, type LiveRender, type LiveRenderBackend} from '../render/live-render.ts'
import {workerBackend} from '../render/worker-backend.ts'
import {activeMessagesAtom, type ChatMessage} from '../state/chat.ts'
import {chatSessionId, dropMessageRender, messageRenderAtom} from '../state/chat-render.ts'
import {applyUpdate, emptyRender, failRender, requestRender} from '../state/render.ts'
import type {store as appStore} from '../state/store.ts'

type Store = typeof appStore

interface Rendering {
  /** The live render while the message may still change or its last render is on its way. */
  live: LiveRender | undefined
  /** The text and options last sent. */
  text: string
  heal: boolean
  /** Versions sent through `live`, which numbers them the same way. */
  sent: number
  /** The version of the final (unhealed) text, once sent. */
  final: number | undefined
  /** The last version sent healed, and the last version shown whole. */
  healed: number
  shown: number
  /** The final text waits until this version (its healed render) is shown. */
  finalAfter: number | undefined
}

/** Told of each text sent to a message's session, by the version it renders as (the benchmark counts what each paint shows). */
export type SentListener = (messageId: string, version: number, text: string) => void

/** The chat renderer: where it renders, and each message's rendering. */
interface Renderer {
  store: Store
  backend: LiveRenderBackend
  onSent: SentListener | undefined
  renderings: Map<string, Rendering>
}

/** Render the store's open conversation; returns a stop function. */
export function startChatRenderer(store: Store, backend: LiveRenderBackend = workerBackend, onSent?: SentListener): () => void {
  const renderer: Renderer = {store, backend, onSent, renderings: new Map()}
  const {renderings} = renderer
  function sync(): void {
    const messages = store.get(activeMessagesAtom)
    const shown = new Set(messages.map((message) => message.id))
    for (const [id, rendering] of renderings) {
      if (shown.has(id)) continue
      rendering.live?.close()
      renderings.delete(id)
      dropMessageRender(id)
    }
    for (const message of messages) render(renderer, message)
  }
  // A worker that died took its sessions along: render what is still open again in the new one.
  const onCrash = (reason: string) => {
    for (const [id, rendering] of renderings) {
      if (!rendering.live) continue
      store.set(messageRenderAtom(id), (view) => failRender(view, reason))
      rendering.finalAfter = undefined
      send(renderer, id, rendering)
    }
  }
  const stops = [store.sub(activeMessagesAtom, sync), onRendererCrash(onCrash)]
  sync()
  return () => {
    for (const stop of stops) stop()
    for (const rendering of renderings.values()) rendering.live?.close()
    renderings.clear()
  }
}

/** Render `message` if its text or its state changed since it was last sent. */
function render(renderer: Renderer, message: ChatMessage): void {
  const heal = message.status === 'streaming'
  let rendering = renderer.renderings.get(message.id)
  if (rendering && rendering.text === message.text && rendering.heal === heal) return
  if (!rendering) {
    rendering = {live: undefined, text: '', heal, sent: 0, final: undefined, healed: 0, shown: 0, finalAfter: undefined}
    renderer.renderings.set(message.id, rendering)
  }
  const ended = rendering.heal && !heal && rendering.live !== undefined
  const changed = rendering.text !== message.text
  rendering.text = message.text
  rendering.heal = heal
  if (!ended) {
    send(renderer, message.id, rendering)
    return
  }
  if (changed) send(renderer, message.id, rendering, true)
  rendering.finalAfter = rendering.healed
  settle(renderer, message.id, rendering)
}

/** Send the message's text to its live render, opened on first use; healed if `heal`, and then not its final text. */
function send(renderer: Renderer, messageId: string, rendering: Rendering, heal = rendering.heal): void {
  rendering.live ??= openRender(renderer.store, renderer.backend, messageId, rendering, () => settle(renderer, messageId, rendering))
  rendering.sent++
  rendering.final = heal ? undefined : rendering.sent
  if (heal) rendering.healed = rendering.sent
  renderer.onSent?.(messageId, rendering.sent, rendering.text)
  rendering.live.update(rendering.text, heal ? {heal: true} : {})
}

/** Send the final text once its healed render is shown. */
function settle(renderer: Renderer, messageId: string, rendering: Rendering): void {
  if (rendering.finalAfter === undefined || rendering.shown < rendering.finalAfter) return
  rendering.finalAfter = undefined
  send(renderer, messageId, rendering)
}

/**
 * A live render of message `messageId` into its view, in a fresh session;
 * `shown` is called when a version is shown whole. It closes itself once the
 * final text is shown.
 */
function openRender(store: Store, backend: LiveRenderBackend, messageId: string, rendering: Rendering, shown: () => void): LiveRender {
  const view = messageRenderAtom(messageId)
  const sessionId = chatSessionId(messageId)
  // A fresh session numbers from 1 again; the blocks shown stay until its first update replaces them.
  store.set(view, (old) => ({...emptyRender(sessionId), blocks: old.blocks, order: old.order}))
  rendering.sent = 0
  rendering.healed = 0
  rendering.shown = 0
  const live = createLiveRender(sessionId, backend, {
    requested: (version) => store.set(view, (old) => requestRender(old, version)),
    updated: (update) => {
      const next = applyUpdate(store.get(view), update)
      if (!next) return false
      store.set(view, next)
      if (update.partial || rendering.live !== live) return true
      rendering.shown = update.version
      // The final text is shown: the worker may forget the session.
      if (update.version === rendering.final) {
        live.close()
        rendering.live = undefined
      } else {
        shown()
      }
      return true
    },
    failed: (reason) => {
      console.error(`Offthread: ${reason}; restarted the render worker`)
      store.set(view, (old) => failRender(old, reason))
    },
  })
  return live
}
