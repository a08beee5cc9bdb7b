/**
 * The Chat view when things go wrong, in Chromium against the production
 * build: an HTTP error, a stream cut mid-reply and a refused message, each
 * with what the user can do next (faults injected with Playwright's
 * `page.route`), and a server that wants an access token.
 */
import type {Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startServer} from '../../server/index.ts'
import {assistant, composer, finished, lastAssistant, newChat, openChatPage, send} from './chat-page.ts'
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

describe('errors', () => {
  it('should show an HTTP error on the reply, and Retry should work', async () => {
    await newChat(page)
    await page.route('**/api/chat', (route) => route.fulfill({status: 500, contentType: 'application/json', body: '{"error":"Injected failure"}'}), {times: 1})
    await send(page, 'Explain the quadratic formula')
    await page.waitForSelector(`${lastAssistant}[data-status="error"]`)
    expect(await page.textContent(`${lastAssistant} .message-note`)).toMatch(/500 Internal Server Error: Injected failure/)
    // The user's message is kept; its own render may land after the error.
    await expect.poll(() => page.textContent('[data-role="user"] .markdown-body')).toBe('Explain the quadratic formula')
    await page.click(`${lastAssistant} button:has-text("Retry")`)
    await page.waitForSelector(finished())
    expect(await page.locator('.message').count()).toBe(2)
  })

  it('should keep the partial reply of a stream cut mid-reply, and Retry should work', async () => {
    const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`
    const cut = [
      event({type: 'start', messageMetadata: {model: 'offthread-replay', offline: true}}),
      event({type: 'text-start', id: 'text-0'}),
      event({type: 'text-delta', id: 'text-0', delta: 'A partial **reply** that '}),
      event({type: 'text-delta', id: 'text-0', delta: 'was cut'}),
    ].join('')
    await page.route(
      '**/api/chat',
      (route) => route.fulfill({status: 200, headers: {'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1'}, body: cut}),
      {times: 1},
    )
    await send(page, 'Now a table please')
    await page.waitForSelector(finished('error'))
    expect(await page.textContent(`${lastAssistant} .markdown-body`)).toBe('A partial reply that was cut')
    expect(await page.textContent(`${lastAssistant} .message-note`)).toMatch(/closed before the reply was complete/)
    await page.click(`${lastAssistant} button:has-text("Retry")`)
    await page.waitForSelector(finished())
    expect(await page.locator(`${lastAssistant} table`).count()).toBeGreaterThan(0)
  })

  it('should put a refused message back in the composer', async () => {
    await page.route(
      '**/api/chat',
      (route) => route.fulfill({status: 400, contentType: 'application/json', body: '{"error":"Expected at most 200 messages"}'}),
      {times: 1},
    )
    const count = await page.locator('.message').count()
    await send(page, 'Refused message\nwith two lines')
    await page.waitForSelector('.composer-error')
    expect(await page.textContent('.composer-error')).toMatch(/400 Bad Request: Expected at most 200 messages/)
    expect(await page.inputValue(composer)).toBe('Refused message\nwith two lines')
    expect(await page.locator('.message').count()).toBe(count)
  })
})

describe('boundaries', () => {
  it('should make no request outside localhost and log no errors', async () => {
    expect(chat.network.urls.some((url) => url.endsWith('/api/chat'))).toBe(true)
    expect(chat.network.external()).toEqual([])
    // The injected HTTP errors are logged by the browser itself.
    expect(chat.errors.filter((error) => !/status of (500|400)/.test(error))).toEqual([])
  })
})

describe('access token', () => {
  it('should ask for the token once, in the chat view, keep the message, and send it with the token from then on', async () => {
    // The production server over the same build, with a token.
    const server = await startServer({
      distDir: chat.build.outDir,
      port: 0,
      host: '127.0.0.1',
      chat: {replayTps: 0, token: 'team-secret', log: () => {}},
      requestLog: () => {},
    })
    const tokenPage = await chat.context.newPage()
    try {
      await tokenPage.goto(`${server.url}/?view=chat`)
      await tokenPage.fill(composer, '/help')
      await tokenPage.press(composer, 'Enter')
      await tokenPage.waitForSelector('form.token-form >> text=needs an access token')
      expect(await tokenPage.inputValue(composer)).toBe('/help')
      expect(await tokenPage.locator('.message').count()).toBe(0)

      await tokenPage.fill('input[aria-label="Access token"]', 'team-secret')
      await tokenPage.click('button:has-text("Save and send")')
      await tokenPage.waitForSelector(`${lastAssistant}[data-status="done"]`)
      expect(await tokenPage.locator('form.token-form').count()).toBe(0)
      expect(await tokenPage.inputValue(composer)).toBe('')

      // Kept in the browser: after a reload, the next message goes straight through.
      await tokenPage.reload()
      // The address keeps the view.
      await tokenPage.waitForSelector('.view-tab[aria-pressed="true"]:has-text("Chat")')
      await tokenPage.fill(composer, '/help')
      await tokenPage.press(composer, 'Enter')
      await tokenPage.waitForFunction((selector) => document.querySelectorAll(selector).length === 2, `${assistant}[data-status="done"]`)
      expect(await tokenPage.locator('form.token-form').count()).toBe(0)
    } finally {
      await tokenPage.close()
      await server.close()
    }
  })
})
