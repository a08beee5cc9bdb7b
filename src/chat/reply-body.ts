/**
 * The benchmark's switch for how a reply's body renders. The app never
 * provides it, so replies render from their render session; the benchmark's
 * chat scenario (`src/bench/chat/`) provides it to render replies with
 * another renderer, or to time the app's own, in the Chat view itself.
 */
import {createContext, type ComponentType, type ReactNode} from 'react'
import type {ChatMessage} from '../state/chat.ts'
import type {RenderView} from '../state/render.ts'

/** What a reply body gets: the message, its render, and the app's own body for it. */
export interface ReplyBodyProps {
  message: ChatMessage
  view: RenderView
  children: ReactNode
}

/** The component that renders replies' bodies instead of the app's; unset in the app. */
export const ReplyBodyContext = createContext<ComponentType<ReplyBodyProps> | undefined>(undefined)
