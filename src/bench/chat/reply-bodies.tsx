/**
 * How each mode renders a reply in the Chat view, through the chat's
 * benchmark-only switch (`ReplyBodyContext`). Offthread keeps the app's own
 * body (the reply's render session in the worker) and only times it; the
 * others render the reply's text on the main thread. Each reports every
 * commit: its main-thread time, and how much of the reply it shows.
 */
import {useEffect, useLayoutEffect, useRef, useState, type ComponentType} from 'react'
import type {Root} from 'hast'
import type {ReplyBodyProps} from '../../chat/reply-body.ts'
import {BlocksView} from '../../render/BlocksView.tsx'
import {renderSessionInWorker} from '../../render/worker-backend.ts'
import {callBenchWorker} from '../bench-worker.ts'
import {fullRenderView} from '../stage.tsx'
import type {ModeId} from '../types.ts'

/** What the bodies report to. */
export interface ReplyTracker {
  /** A commit of reply `id` took `mainMs`; it shows its first `chars` characters (`undefined`: no new render). */
  committed: (id: string, chars: number | undefined, mainMs: number) => void
  /** Characters of the text the reply's render session rendered as `version` (Offthread). */
  charsOf: (id: string, version: number) => number | undefined
}

/** The reply body of `mode`, loaded and warmed up on `warmText`; `show` puts an element on the stage to warm it. */
export async function loadReplyBody(
  mode: ModeId,
  tracker: ReplyTracker,
  warmText: string,
  show: (element: React.ReactNode) => void,
): Promise<ComponentType<ReplyBodyProps>> {
  switch (mode) {
    case 'offthread':
      // The worker renders the warm-up text whole, as the other modes do on
      // the main thread: its grammars compile on use, not ahead (a reply
      // that streams has them compiled ahead, as in the app). Measured once
      // the worker has nothing left to compile from the warm-up reply.
      await renderSessionInWorker('bench-chat-warm', warmText, 1, {}, () => {})
      await callBenchWorker((remote) => remote.closeSession('bench-chat-warm'))
      await callBenchWorker((remote) => remote.grammarsWarmedUp())
      return function OffthreadBody({message, view, children}) {
        const started = performance.now()
        const shown = useRef(0)
        useLayoutEffect(() => {
          const fresh = !view.partial && view.version > shown.current
          if (fresh) shown.current = view.version
          tracker.committed(message.id, fresh ? tracker.charsOf(message.id, view.version) : undefined, performance.now() - started)
        })
        return children
      }
    case 'streamdown': {
      const {StreamdownReply, warmStreamdown} = await import('../modes/streamdown.tsx')
      await warmStreamdown(document.body, () => show(<StreamdownReply text={warmText} streaming={false} />))
      return textBody(tracker, ({text, streaming}) => <StreamdownReply text={text} streaming={streaming} />)
    }
    case 'react-markdown': {
      const Reply = await (await import('../modes/react-markdown.tsx')).loadReactMarkdown(warmText)
      show(<Reply text={warmText} />)
      return textBody(tracker, ({text}) => <Reply text={text} />)
    }
    case 'main-thread':
      return mainThreadBody(tracker, warmText)
    case 'worker-full':
      throw new Error('Expected a mode that can render a chat, not `worker-full`')
  }
}

/** A body that renders the reply's text during React's render. */
function textBody(tracker: ReplyTracker, Render: ComponentType<{text: string; streaming: boolean}>): ComponentType<ReplyBodyProps> {
  return function TextBody({message}) {
    const started = performance.now()
    useLayoutEffect(() => tracker.committed(message.id, message.text.length, performance.now() - started))
    return (
      <div className="message-markdown">
        <Render text={message.text} streaming={message.status === 'streaming'} />
      </div>
    )
  }
}

/** The app's pipeline on the main thread, whole reply on every change, latest wins, shown as the app shows blocks. */
async function mainThreadBody(tracker: ReplyTracker, warmText: string): Promise<ComponentType<ReplyBodyProps>> {
  const render = await (await import('../modes/main-thread.ts')).loadMainThreadPipeline(warmText)
  return function MainThreadBody({message}) {
    const [shown, setShown] = useState<{hast: Root; chars: number; ms: number; version: number}>()
    const busy = useRef(false)
    const latest = useRef(message.text)
    latest.current = message.text
    const started = performance.now()
    // biome-ignore lint/correctness/useExhaustiveDependencies: each new text starts the loop, which reads the latest text from a ref
    useEffect(() => {
      if (busy.current) return
      busy.current = true
      void (async () => {
        // One render at a time; the newest text goes next.
        let version = shown?.version ?? 0
        for (let text = ''; text !== latest.current; ) {
          text = latest.current
          const began = performance.now()
          const hast = await render(text)
          setShown({hast, chars: text.length, ms: performance.now() - began, version: ++version})
        }
        busy.current = false
      })()
    }, [message.text])
    // biome-ignore lint/correctness/useExhaustiveDependencies: reports each commit of a new render, once
    useLayoutEffect(() => tracker.committed(message.id, shown?.chars, performance.now() - started + (shown?.ms ?? 0)), [shown])
    return shown ? <BlocksView view={fullRenderView(`bench-chat-${message.id}`, shown.hast, shown.version)} className="message-markdown" /> : null
  }
}
