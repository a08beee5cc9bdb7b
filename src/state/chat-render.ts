/**
 * The render of each chat message: one `RenderView` atom per message, so a
 * streaming reply re-renders only its own message. Filled by
 * `chat/chat-renderer.ts`; the views of conversations not shown are dropped.
 */
import {atom, type PrimitiveAtom} from 'jotai'
import {emptyRender, type RenderView} from './render.ts'

const views = new Map<string, PrimitiveAtom<RenderView>>()

/** The render session of message `messageId`. */
export const chatSessionId = (messageId: string) => `chat:${messageId}`

/** The atom holding the render of message `messageId` (created empty on first use). */
export function messageRenderAtom(messageId: string): PrimitiveAtom<RenderView> {
  let view = views.get(messageId)
  if (!view) views.set(messageId, (view = atom(emptyRender(chatSessionId(messageId)))))
  return view
}

/** Forget the render of message `messageId`. */
export function dropMessageRender(messageId: string): void {
  views.delete(messageId)
}

/** Ids of the messages whose render is held. */
export function heldMessageRenders(): string[] {
  return [...views.keys()]
}
