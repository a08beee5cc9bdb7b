import {describe, expect, it} from 'vitest'
import {readReplyStream, streamErrors, type ReplyMetadata} from '../../src/chat/read-stream.ts'
import {event, replyEvents, sseStream} from './sse.ts'

describe('reply stream reader', () => {
  it('should read a whole reply, its metadata and every step of its text', async () => {
    const texts: string[] = []
    const starts: ReplyMetadata[] = []
    const end = await readReplyStream(sseStream(replyEvents(['Hello ', '**wor', 'ld**'])), {
      onStart: (metadata) => starts.push(metadata),
      onText: (text) => texts.push(text),
    })
    expect(end).toEqual({text: 'Hello **world**', cancelled: false})
    expect(starts).toEqual([{model: 'offthread-replay', offline: true}])
    expect(texts).toEqual(['Hello ', 'Hello **wor', 'Hello **world**'])
  })

  it('should read events split anywhere across chunks', async () => {
    const whole = replyEvents(['a', 'b', 'c']).join('')
    const chunks = whole.match(/[^]{1,7}/g)!
    expect(await readReplyStream(sseStream(chunks))).toEqual({text: 'abc', cancelled: false})
  })

  it('should return the error of an `error` event with the text before it', async () => {
    const events = replyEvents(['Partial ', 'reply']).slice(0, 5)
    const chunks = [...events, event({type: 'error', errorText: 'The model endpoint could not be reached.'}), event('[DONE]')]
    expect(await readReplyStream(sseStream(chunks))).toEqual({text: 'Partial reply', error: 'The model endpoint could not be reached.'})
  })

  it('should stop at a malformed chunk and keep the text before it', async () => {
    const events = replyEvents(['One ', 'two'])
    const chunks = [...events.slice(0, 4), 'data: {"type":"text-delta","id":"text-0",\n\n', ...events.slice(4)]
    expect(await readReplyStream(sseStream(chunks))).toEqual({text: 'One ', error: streamErrors.malformed})
    // Valid JSON that is not a chunk of the protocol is malformed too.
    expect(await readReplyStream(sseStream([event({type: 'text-delta', delta: 5})]))).toEqual({text: '', error: streamErrors.malformed})
  })

  it('should report a stream that ends before `finish` as cut, with its text', async () => {
    const chunks = replyEvents(['Half ', 'a ', 'reply']).slice(0, 5)
    expect(await readReplyStream(sseStream(chunks))).toEqual({text: 'Half a ', error: streamErrors.cut})
  })

  it('should report a connection that fails mid-reply as lost, with its text', async () => {
    const chunks = replyEvents(['Half ', 'a ', 'reply']).slice(0, 4)
    expect(await readReplyStream(sseStream(chunks, {cut: new TypeError('network error')}))).toEqual({text: 'Half ', error: streamErrors.lost})
  })

  it('should treat an AbortError as cancelled, not as a failure', async () => {
    const chunks = replyEvents(['Stopped ', 'here']).slice(0, 4)
    const abort = new DOMException('The user aborted a request.', 'AbortError')
    expect(await readReplyStream(sseStream(chunks, {cut: abort}))).toEqual({text: 'Stopped ', cancelled: true})
  })

  it('should separate text parts with a blank line', async () => {
    const chunks = [
      event({type: 'start'}),
      event({type: 'text-start', id: 'a'}),
      event({type: 'text-delta', id: 'a', delta: 'First.'}),
      event({type: 'text-end', id: 'a'}),
      event({type: 'text-start', id: 'b'}),
      event({type: 'text-delta', id: 'b', delta: 'Second.'}),
      event({type: 'text-end', id: 'b'}),
      event({type: 'finish'}),
    ]
    expect(await readReplyStream(sseStream(chunks))).toEqual({text: 'First.\n\nSecond.', cancelled: false})
  })

  it('should read a reply without metadata as not offline', async () => {
    const starts: ReplyMetadata[] = []
    await readReplyStream(sseStream(replyEvents(['x'], null)), {onStart: (metadata) => starts.push(metadata)})
    expect(starts).toEqual([{model: undefined, offline: false}])
  })
})
