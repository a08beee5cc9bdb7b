/**
 * The Chat view in Chromium, against the production build and the offline
 * replay model of `vite preview`: the composer, streamed replies rendered
 * through the worker (equal to the CLI's render at the end), Stop, reloads
 * and saved chats (errors and the access token: chat-errors.test.ts). No
 * request may leave localhost.
 */
import {toHtml} from 'hast-util-to-html'
import type {Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {replayAnswer} from '../../server/models/replay-answers.ts'
import {markdownToHast} from '../../workers/pipeline.ts'
import {expectSameHtml, renderedAndExpected} from './compare-html.ts'
import {assistant, composer, copiedReply, finished, lastAssistant, newChat, openChat, openChatPage, send, waitForReplyText} from './chat-page.ts'
import type {AppPage} from './app-page.ts'

let chat: AppPage
let page: Page

beforeAll(async () => {
  chat = await openChatPage()
  page = chat.page
})

afterAll(async () => {
  await chat?.close()
})

const replyLength = () => page.$eval(lastAssistant, (node) => node.querySelector('.markdown-body')?.textContent?.length ?? 0)

describe('the status', () => {
  it('should say the open document is up to date in the Chat view once its render is done', async () => {
    // The Chat view is opened before the preview has mounted the welcome
    // document; the preview, hidden, mounts nothing more.
    await openChat(page, chat.served.url)
    await page.waitForSelector('.status[data-state="idle"]', {timeout: 20_000})
    expect(await page.textContent('.status-label')).toBe('Up to date')
  })
})

describe('composer', () => {
  it('should grow with its lines up to a maximum height, then scroll', async () => {
    await page.click(composer)
    const height = () => page.$eval(composer, (node) => node.getBoundingClientRect().height)
    const heights = [await height()]
    for (let line = 1; line <= 16; line++) {
      await page.keyboard.type(`Line ${line}`)
      await page.keyboard.press('Shift+Enter')
      heights.push(await height())
    }
    expect(heights[3]).toBeGreaterThan(heights[0]!)
    expect(heights[6]).toBeGreaterThan(heights[3]!)
    const max = heights.at(-1)!
    // It stopped growing: the last lines all have the maximum height.
    expect(heights.slice(-4)).toEqual([max, max, max, max])
    const {scrollHeight, clientHeight, overflow} = await page.$eval(composer, (node) => ({
      scrollHeight: node.scrollHeight,
      clientHeight: node.clientHeight,
      overflow: getComputedStyle(node).overflowY,
    }))
    expect(scrollHeight).toBeGreaterThan(clientHeight)
    expect(overflow).toBe('auto')
    // Shift+Enter only broke lines: nothing was sent.
    expect(await page.locator('.message').count()).toBe(0)
    expect((await page.inputValue(composer)).split('\n')).toHaveLength(17)
    await page.fill(composer, '')
    expect(await height()).toBe(heights[0])
  })

  it('should not send on Enter while an IME composition is open', async () => {
    await page.fill(composer, 'にほんご')
    await page.$eval(composer, (node) => {
      node.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', isComposing: true, bubbles: true, cancelable: true}))
      node.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', keyCode: 229, bubbles: true, cancelable: true}))
    })
    await page.waitForTimeout(200)
    expect(await page.locator('.message').count()).toBe(0)
    expect(await page.inputValue(composer)).toBe('にほんご')
    await page.fill(composer, '')
  })
})

describe('replies', () => {
  it('should send on Enter, not on Shift+Enter, and render the reply many times while it streams', async () => {
    await page.fill(composer, 'Explain the quadratic formula')
    await page.press(composer, 'Shift+Enter')
    await page.keyboard.type('with equations')
    expect(await page.locator('.message').count()).toBe(0)
    // What the message shows when it first appears: the worker's render cannot have landed yet.
    const firstShown = page.evaluate(
      () =>
        new Promise<{text: string; rendered: string}>((resolve) => {
          const observer = new MutationObserver(() => {
            const message = document.querySelector('[data-role="user"]')
            if (!message) return
            observer.disconnect()
            resolve({text: message.querySelector('.message-body')!.textContent!, rendered: message.querySelector('.markdown-body')!.textContent!})
          })
          observer.observe(document.body, {childList: true, subtree: true})
        }),
    )
    // Every render version the reply shows while it streams, and its first
    // block's element once 400 characters show (marked, to see that it is never
    // re-created), caught as the reply changes from before it is sent: sampling,
    // or watching only once the test sees it stream, would miss some on a busy machine.
    await page.evaluate((selector) => {
      const versions = new Set<string | null>()
      const watch = {versions, lengths: [] as number[], marked: false}
      Object.assign(window, {__reply: watch})
      new MutationObserver(() => {
        const reply = document.querySelector(selector)
        if (reply?.getAttribute('data-status') !== 'streaming') return
        versions.add(reply.getAttribute('data-render-version'))
        const length = reply.querySelector('.markdown-body')?.textContent?.length ?? 0
        if (length !== watch.lengths.at(-1)) watch.lengths.push(length)
        const first = reply.querySelector<HTMLElement & {mark?: boolean}>('.markdown-body > .block-group:first-child > .block:first-child > *')
        if (!watch.marked && length > 400 && first) watch.marked = first.mark = true
      }).observe(document.body, {attributes: true, childList: true, subtree: true, characterData: true})
    }, lastAssistant)
    await page.press(composer, 'Enter')
    await page.waitForSelector('[data-role="user"]')
    expect(await page.inputValue(composer)).toBe('')
    // It shows its text as typed at once, then renders in the worker like the replies, which replaces the plain text.
    expect(await firstShown).toEqual({text: 'Explain the quadratic formula\nwith equations', rendered: ''})
    await expect.poll(() => page.textContent('[data-role="user"] .markdown-body')).toBe('Explain the quadratic formula\nwith equations')
    expect(await page.locator('[data-role="user"] .message-plain').count()).toBe(0)
    await page.waitForSelector(`${lastAssistant}[data-status="streaming"]`)
    expect(await page.locator('button[aria-label="Stop"]').count()).toBe(1)
    // The sidebar marks the conversation whose reply streams, and only that one.
    expect(await page.locator('.conversation-streaming').count()).toBe(1)
    expect(await page.locator('.conversation.active .conversation-streaming').count()).toBe(1)

    // While it streams: the text grows, the first block is never re-created.
    await page.waitForSelector(`${lastAssistant}:not([data-status="streaming"])`)
    const watched = await page.evaluate(() => {
      const {versions, lengths, marked} = (window as unknown as {__reply: {versions: Set<string | null>; lengths: number[]; marked: boolean}}).__reply
      return {versions: versions.size, lengths, marked}
    })
    expect(watched.versions).toBeGreaterThanOrEqual(5)
    expect(watched.lengths.at(-1)).toBeGreaterThan(watched.lengths.find((length) => length > 0)!)
    expect(watched.marked).toBe(true)
    await page.waitForSelector(finished())
    expect(
      await page.$eval(
        `${lastAssistant} .markdown-body > .block-group:first-child > .block:first-child > *`,
        (node) => (node as HTMLElement & {mark?: boolean}).mark,
      ),
    ).toBe(true)
    // The offline demo model says so, in the badge and in the text.
    expect(await page.textContent(`${lastAssistant} .offline-badge`)).toBe('Offline demo model')
    expect(await page.textContent(`${lastAssistant} .markdown-body p em`)).toMatch(/^Offline demo model/)
    expect(await page.locator(`${lastAssistant} .katex-display`).count()).toBeGreaterThan(2)
    expect(await page.locator('button[aria-label="Send"]').count()).toBe(1)
    expect(await page.locator('.conversation-streaming').count()).toBe(0)
  })

  it('should end with the HTML the render CLI produces for the same text', async () => {
    const prompts = [
      'Explain the quadratic formula with equations',
      'Show me fibonacci in Rust',
      'Compare sorting algorithms in a table',
      'Tell me some history with footnotes',
    ]
    for (const [index, prompt] of prompts.entries()) {
      if (prompt.includes('footnotes')) await watchFootnoteRefs(page)
      if (index > 0) await send(page, prompt)
      await page.waitForFunction((count) => document.querySelectorAll('[data-role="assistant"]').length === count, index + 1)
      await page.waitForSelector(finished())
      if (prompt.includes('footnotes')) {
        // While it streamed, a reference showed as a link before its definition came, never as `[^label]`.
        expect(await page.evaluate(() => (window as unknown as {footnoteRefs: object}).footnoteRefs)).toEqual({literal: false, linkBeforeSection: true})
      }
      const text = await copiedReply(page)
      const {hast} = await markdownToHast(text)
      const {rendered, expected} = await renderedAndExpected(page, `${lastAssistant} .markdown-body`, toHtml(hast))
      expect(rendered.length, prompt).toBeGreaterThan(1000)
      expectSameHtml(rendered, expected, prompt)
    }
  })

  it('should stop a reply and keep its partial text', async () => {
    await newChat(page)
    await send(page, '/long 20k')
    await waitForReplyText(page, 300)
    await page.click('button[aria-label="Stop"]')
    await page.waitForSelector(finished('stopped'))
    const length = await replyLength()
    await page.waitForTimeout(500)
    expect(await replyLength()).toBe(length)
    expect(await page.textContent(`${lastAssistant} .message-note`)).toBe('Stopped.')
    // What arrived before Stop, and nothing after it.
    const text = await copiedReply(page)
    const whole = await replayAnswer('/long 20k')
    expect(text.length).toBeGreaterThan(300)
    expect(text.length).toBeLessThan(whole.length)
    expect(whole.startsWith(text)).toBe(true)
    // The partial reply is rendered in full (not healed): equal to the pipeline's output.
    const {rendered, expected} = await renderedAndExpected(page, `${lastAssistant} .markdown-body`, toHtml((await markdownToHast(text)).hast))
    expectSameHtml(rendered, expected, 'stopped reply')
  })

  it('should follow a streaming reply unless scrolled up, and jump back to the end', async () => {
    await send(page, '/long 20k')
    const distance = () => page.$eval('.chat-scroll', (node) => node.scrollHeight - node.scrollTop - node.clientHeight)
    // Following happens in the frame after the content grows, so allow a few frames.
    const atEnd = () =>
      page.waitForFunction(
        () => {
          const node = document.querySelector('.chat-scroll')!
          return node.scrollHeight - node.scrollTop - node.clientHeight < 48
        },
        undefined,
        {timeout: 1000},
      )
    await waitForReplyText(page, 3000)
    expect(await page.$eval('.chat-scroll', (node) => node.scrollHeight > node.clientHeight * 2)).toBe(true)
    await atEnd()
    await page.hover('.chat-scroll')
    await page.mouse.wheel(0, -600)
    await page.waitForSelector('button.jump-to-end')
    const top = await page.$eval('.chat-scroll', (node) => node.scrollTop)
    await waitForReplyText(page, (await replyLength()) + 500)
    // The reply grew, the view stayed where the user put it.
    expect(await page.$eval('.chat-scroll', (node) => node.scrollTop)).toBe(top)
    expect(await distance()).toBeGreaterThan(600)
    await page.click('button.jump-to-end')
    await page.waitForSelector('button.jump-to-end', {state: 'detached'})
    await waitForReplyText(page, (await replyLength()) + 500)
    await atEnd()
    await page.click('button[aria-label="Stop"]')
    await page.waitForSelector(finished('stopped'))
  })

  it('should regenerate the last reply', async () => {
    const before = await page.locator(assistant).count()
    await page.click(`${lastAssistant} button[aria-label="Regenerate"]`)
    await page.waitForSelector(`${lastAssistant}[data-status="streaming"]`)
    await waitForReplyText(page, 300)
    await page.click('button[aria-label="Stop"]')
    await page.waitForSelector(finished('stopped'))
    expect(await page.locator(assistant).count()).toBe(before)
  })

  it('should open a reply in the editor as a new document', async () => {
    await page.click(`${lastAssistant} button[aria-label="Open in editor"]`)
    await page.waitForSelector('.view-tab[aria-pressed="true"]:has-text("Editor")')
    await page.waitForSelector('.preview-scroll[data-render-state="idle"] .markdown-body p')
    expect(await page.textContent('.preview-scroll .markdown-body p')).toMatch(/Offline demo model/)
    await page.click('.view-tab:has-text("Chat")')
    await page.waitForSelector(composer)
  })
})

describe('saved chats', () => {
  it('should keep conversations across a reload', async () => {
    const titles = await page.$$eval('.conversation-title', (nodes) => nodes.map((node) => node.textContent))
    expect(titles).toEqual(['/long 20k', 'Explain the quadratic formula'])
    await page.reload()
    // The address keeps the view.
    await page.waitForSelector('.view-tab[aria-pressed="true"]:has-text("Chat")')
    await page.waitForSelector(finished('stopped'))
    expect(await page.$$eval('.conversation-title', (nodes) => nodes.map((node) => node.textContent))).toEqual(titles)
    await page.click('.conversation-open:has-text("Explain the quadratic formula")')
    await page.waitForFunction(() => document.querySelectorAll('[data-role="assistant"][data-status="done"][data-render-state="idle"]').length === 4)
    expect(await page.locator(assistant).count()).toBe(4)
  })

  it('should keep a reply cut by a reload, marked interrupted, and retry it', async () => {
    await newChat(page)
    await send(page, '/long 20k')
    await waitForReplyText(page, 300)
    // The save is throttled to every 500 ms; leaving the page flushes it.
    await page.reload()
    // The address keeps the view.
    await page.waitForSelector('.view-tab[aria-pressed="true"]:has-text("Chat")')
    await page.waitForSelector(finished('interrupted'))
    const text = await copiedReply(page)
    // The reply showed 300 characters; its markdown may be shorter (typeset math shows longer than its source).
    expect(text.length).toBeGreaterThan(100)
    expect((await replayAnswer('/long 20k')).startsWith(text)).toBe(true)
    expect(await page.textContent(`${lastAssistant} .message-note`)).toMatch(/Interrupted/)
    await page.click(`${lastAssistant} button:has-text("Retry")`)
    await page.waitForSelector(`${lastAssistant}[data-status="streaming"]`)
    await page.click('button[aria-label="Stop"]')
    await page.waitForSelector(finished('stopped'))
  })

  it('should rename and delete conversations', async () => {
    const first = page.locator('.conversation').first()
    await first.hover()
    await first.locator('button[aria-label^="Rename"]').click()
    await page.fill('.conversation-rename', 'Renamed chat')
    await page.press('.conversation-rename', 'Enter')
    await page.waitForSelector('.conversation-title:has-text("Renamed chat")')
    expect(await page.textContent('.chat-title')).toBe('Renamed chat')
    // Escape drops the name typed.
    await page.locator('.conversation').first().locator('button[aria-label="Rename Renamed chat"]').click()
    await page.fill('.conversation-rename', 'Dropped name')
    await page.press('.conversation-rename', 'Escape')
    await page.waitForSelector('.conversation-rename', {state: 'detached'})
    expect(await page.locator('.conversation-title').first().textContent()).toBe('Renamed chat')
    const count = await page.locator('.conversation').count()
    await page.locator('.conversation').first().locator('button[aria-label="Delete Renamed chat"]').click()
    await page.waitForFunction((count) => document.querySelectorAll('.conversation').length === count - 1, count)
    await page.waitForSelector('.chat-welcome')
    await page.reload()
    // The address keeps the view.
    await page.waitForSelector('.view-tab[aria-pressed="true"]:has-text("Chat")')
    await page.waitForSelector('.conversation')
    expect(await page.locator('.conversation-title:has-text("Renamed chat")').count()).toBe(0)
  })
})

describe('boundaries', () => {
  it('should make no request outside localhost and log no errors', async () => {
    expect(chat.network.urls.some((url) => url.endsWith('/api/chat'))).toBe(true)
    expect(chat.network.external()).toEqual([])
    expect(chat.errors).toEqual([])
  })
})

/** Record, as the next reply streams, whether it shows a footnote reference as its source, and whether a reference link shows before the footnotes section. */
async function watchFootnoteRefs(page: Page): Promise<void> {
  await page.evaluate(
    (count) => {
      const seen = {literal: false, linkBeforeSection: false}
      ;(window as unknown as {footnoteRefs: object}).footnoteRefs = seen
      new MutationObserver(() => {
        const replies = document.querySelectorAll('[data-role="assistant"]')
        if (replies.length <= count) return
        const body = replies[replies.length - 1]!.querySelector('.markdown-body')
        if (!body) return
        seen.literal ||= /\[\^\w+\]/.test(body.textContent ?? '')
        seen.linkBeforeSection ||= body.querySelector('[data-footnote-ref]') !== null && body.querySelector('[data-footnotes]') === null
      }).observe(document.body, {subtree: true, childList: true, characterData: true})
    },
    await page.locator('[data-role="assistant"]').count(),
  )
}
