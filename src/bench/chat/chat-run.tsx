/**
 * One run of the chat scenario: the Chat view's message list and composer,
 * on a store of their own (so the benchmark's conversation is neither shown
 * nor saved among the user's), receive a conversation from the replay model
 * while one mode renders its replies. Messages are sent as the composer sends
 * them (`sendMessage`) and stream through the app's own reader.
 */
import {createStore, Provider} from 'jotai'
import {generateReply} from '../../../shared/gen-reply.ts'
import '../../chat/chat.css'
import {sendMessage} from '../../chat/chat-actions.ts'
import {startChatRenderer} from '../../chat/chat-renderer.ts'
import {Composer} from '../../chat/Composer.tsx'
import {MessageList} from '../../chat/MessageList.tsx'
import {ReplyBodyContext} from '../../chat/reply-body.ts'
import {workerBackend} from '../../render/worker-backend.ts'
import {activeMessagesAtom, type ChatMessage} from '../../state/chat.ts'
import {afterNextPaint, startRecording} from '../measure.ts'
import {fenceLanguages} from '../modes/driver.ts'
import {noInput, noStream, sleepUntil} from '../scenarios.ts'
import type {Stage} from '../stage.tsx'
import type {RunResult, TimelinePoint} from '../types.ts'
import {arrivalLags, arrivalTimes, watchArrivals, type Arrival} from './arrivals.ts'
import {runFigures} from '../figures.ts'
import {chatFigures} from './chat-figures.ts'
import type {ChatReplyPlan, ChatRunPlan} from './chat-plan.ts'
import {canMeasureCpu, startCpu} from './cpu.ts'
import {loadReplyBody, type ReplyTracker} from './reply-bodies.tsx'

/** How long one reply may take beyond its schedule before the run fails. */
const graceMs = 60_000

type Store = ReturnType<typeof createStore>

/** What the run's parts share: the chat's store, what each reply's body showed, and what arrived. */
interface ChatRecord {
  store: Store
  signal: AbortSignal
  /** Per reply: paints, with the characters each showed. */
  paints: Map<string, Arrival[]>
  /** Per reply: the length of each text its render session was sent, by version (Offthread). */
  versions: Map<string, number[]>
  /** Commits of reply bodies since the recording began. */
  points: TimelinePoint[]
  origin: number
  arrivals: ReturnType<typeof watchArrivals>
}

/** Run `plan` on `stage`. */
export async function runChat(plan: ChatRunPlan, stage: Stage, signal: AbortSignal): Promise<RunResult> {
  const record: ChatRecord = {
    store: createStore(),
    signal,
    paints: new Map(),
    versions: new Map(),
    points: [],
    origin: performance.now(),
    arrivals: watchArrivals(),
  }
  const stops: Array<() => void> = [record.arrivals.stop]
  try {
    await mountChat(plan, stage, record)
    if (plan.mode === 'offthread') {
      const onSent = (id: string, version: number, text: string) => {
        const lengths = record.versions.get(id) ?? []
        record.versions.set(id, lengths)
        lengths[version - 1] = text.length
      }
      stops.push(startChatRenderer(record.store, workerBackend, onSent))
    }
    // A first, short reply, unmeasured: the stream reader's code and the mode's path through the view are loaded and compiled.
    await receiveReply(
      record,
      {bytes: 2_000, planned: 2_000, seed: 99, command: `/bench-reply bytes=2000 seed=99 cps=20000 footnotes=${plan.footnotes ? 1 : 0}`},
      20_000,
    )
    await sleepUntil(performance.now() + 300, signal)
    const measured = record.arrivals.replies.length
    const stopCpu = await startCpu()
    const recorder = startRecording()
    record.origin = recorder.origin
    record.points.length = 0
    const lags: number[] = []
    let streamMs = 0
    for (const reply of plan.replies) {
      const received = await receiveReply(record, reply, plan.cps)
      lags.push(...received.lags)
      streamMs += received.ms
    }
    // Work right after the last paint (highlighting, layout) still counts.
    await sleepUntil(performance.now() + 250, signal)
    const recording = recorder.stop()
    const cpu = await stopCpu()
    const received = record.arrivals.replies.slice(measured)
    const chunks = received.reduce((total, list) => total + list.length, 0)
    const chars = received.reduce((total, list) => total + (list.at(-1)?.chars ?? 0), 0)
    const durationMs = performance.now() - record.origin
    return {
      document: plan.document,
      scenario: 'chat',
      mode: plan.mode,
      figures: chatFigures({plan, recording, points: record.points, lags, chunks, chars, streamMs, cpu, durationMs, input: noInput}),
      timeline: record.points,
      frameGaps: recording.frameGaps.map(([t, gap]) => [Math.round(t * 10) / 10, Math.round(gap * 10) / 10]),
      notes: chatNotes(plan),
    }
  } finally {
    for (const stop of stops) stop()
    stage.clear()
  }
}

/** Load and warm up the mode's reply body, then show the chat with it. */
async function mountChat(plan: ChatRunPlan, stage: Stage, record: ChatRecord): Promise<void> {
  const tracker: ReplyTracker = {
    committed(id, chars, mainMs) {
      const point: TimelinePoint = {
        t: performance.now() - record.origin,
        version: record.points.length + 1,
        partial: false,
        mainMs,
        workerMs: null,
        paintedAt: null,
      }
      record.points.push(point)
      afterNextPaint((at) => {
        point.paintedAt = at - record.origin
        if (chars !== undefined) record.paints.get(id)?.push({at, chars})
      })
    },
    charsOf: (id, version) => record.versions.get(id)?.[version - 1],
  }
  // The languages of the replies to come first (grammars), then a reply of another seed.
  const languages = new Set(plan.replies.flatMap((reply) => fenceLanguages(generateReply(reply.bytes, reply.seed, {footnotes: plan.footnotes}))))
  const warmText = [...[...languages].map((lang) => '```' + lang + '\nlet x = 1\n```'), generateReply(12_000, 99, {footnotes: plan.footnotes})].join('\n\n')
  const Body = await loadReplyBody(plan.mode, tracker, warmText, (element) => stage.showElement(element))
  stage.clear()
  stage.showRaw(
    <Provider store={record.store}>
      <ReplyBodyContext.Provider value={Body}>
        <div className="chat bench-chat">
          <section className="chat-main" aria-label="Conversation">
            <MessageList />
            <Composer />
          </section>
        </div>
      </ReplyBodyContext.Provider>
    </Provider>,
  )
}

/** Send the command for `reply` as the composer does; resolves once it is received and painted whole, with its lags and how long it streamed. */
async function receiveReply(record: ChatRecord, reply: ChatReplyPlan, cps: number): Promise<{lags: number[]; ms: number}> {
  const {store, arrivals, paints, signal} = record
  const count = arrivals.replies.length
  sendMessage(store, reply.command)
  const sent = store.get(activeMessagesAtom).at(-1)!
  paints.set(sent.id, [])
  const deadline = performance.now() + (reply.bytes * 1000) / cps + graceMs
  const done = await waitForReply(store, sent.id, deadline, signal)
  if (done.status !== 'done') throw new Error(`A reply ended ${done.status}: ${done.error ?? 'no reason given'}`)
  const replyArrivals = arrivalTimes(arrivals.replies[count] ?? [], cps)
  while (paints.get(sent.id)!.at(-1)?.chars !== done.text.length) {
    if (performance.now() > deadline) throw new Error('A reply was not painted whole in time')
    await sleepUntil(performance.now() + 16, signal)
  }
  return {lags: arrivalLags(replyArrivals, paints.get(sent.id)!, performance.now()), ms: (replyArrivals.at(-1)?.at ?? 0) - (replyArrivals[0]?.at ?? 0)}
}

/** Resolves with reply `id`'s message once it no longer streams. */
function waitForReply(store: Store, id: string, deadline: number, signal: AbortSignal): Promise<ChatMessage> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const message = store.get(activeMessagesAtom).find((item) => item.id === id)
      if (message && message.status !== 'streaming') finish(undefined, message)
      else if (performance.now() > deadline) finish(new Error('A reply did not end in time'))
    }
    const timer = setInterval(check, 250)
    const unsubscribe = store.sub(activeMessagesAtom, check)
    const onAbort = () => finish(signal.reason instanceof Error ? signal.reason : new DOMException('Cancelled', 'AbortError'))
    signal.addEventListener('abort', onAbort)
    function finish(error: Error | undefined, message?: ChatMessage) {
      clearInterval(timer)
      unsubscribe()
      signal.removeEventListener('abort', onAbort)
      if (error) reject(error)
      else resolve(message!)
    }
    check()
  })
}

/** What a chat run of `plan` measures differently. */
function chatNotes(plan: ChatRunPlan): string[] {
  const notes: string[] = []
  const shortened = plan.replies.filter((reply) => reply.bytes < reply.planned)
  if (shortened.length > 0)
    notes.push(`${shortened.length} of ${plan.replies.length} replies generated shorter than planned, to stream within the time asked for.`)
  if (plan.mode === 'streamdown')
    notes.push('Streamdown highlights code after its commit: that work is in the CPU, long-task and frame figures, not in main ms/chunk.')
  if (plan.mode === 'offthread')
    notes.push('Main ms/chunk counts the reply body’s commits; the mount scheduler’s later steps are in the CPU, long-task and frame figures.')
  if (!canMeasureCpu()) notes.push('CPU time needs Chromium’s trace: run `npm run bench -- --chat`.')
  return notes
}

/** The result of a chat run that failed: no figures. */
export function failedChat(chat: ChatRunPlan, error: string): RunResult {
  const outcome = {firstScreenMs: null, completeMs: null, input: noInput, stream: noStream, end: performance.now()}
  const recording = {
    longTasks: {count: 0, totalMs: 0, longestMs: 0},
    frames: {frames: 0, dropped: 0, longestGapMs: 0},
    frameGaps: [],
    heap: {beforeBytes: null, peakBytes: null, afterBytes: null},
  }
  return {
    document: chat.document,
    scenario: 'chat',
    mode: chat.mode,
    figures: runFigures({recording, outcome, points: [], stages: null, renderMs: 0, durationMs: 0}),
    timeline: [],
    frameGaps: [],
    notes: [],
    error,
  }
}
