import {describe, expect, test} from 'vitest'
import {replayAnswer} from '../../server/models/replay-answers.ts'
import {chatBody, parseUIMessageStream, postChat, startChatServer} from './chat-helpers.ts'

const question = 'Make a checklist'

describe('shutdown', () => {
  test('should stop taking connections at once, let a streaming reply finish within the grace, then resolve', async () => {
    const server = await startChatServer({replayTps: 100})
    const expected = await replayAnswer(question)
    const response = await postChat(server.url, chatBody(question))
    expect(response.status).toBe(200)
    const reply = response.text()
    const closed = server.close(10_000)
    // New connections are refused while the reply streams on.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    const stream = parseUIMessageStream(await reply)
    expect(stream.done).toBe(true)
    expect(stream.text).toBe(expected)
    const started = performance.now()
    await closed
    // It resolved when the reply ended, not when the grace ran out.
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  test('should cut a reply still streaming when the grace runs out', async () => {
    const server = await startChatServer({replayTps: 2})
    const response = await postChat(server.url, chatBody(question))
    const reply = response.text().then(parseUIMessageStream, () => undefined)
    await server.close(300)
    const stream = await reply
    expect(stream?.done ?? false).toBe(false)
  })
})
