/**
 * The Chat view's tests share this: the production build served by `vite
 * preview` with the offline replay model, a Chromium page on it, and what
 * a user does there.
 */
import type {Page} from 'playwright-core'
import {openAppPage, type AppPage} from './app-page.ts'
import {copiedText} from './clipboard.ts'

export const composer = 'textarea[aria-label="Message"]'
export const assistant = '[data-role="assistant"]'
export const lastAssistant = `${assistant}:last-of-type`
export const finished = (status = 'done') => `${lastAssistant}[data-status="${status}"][data-render-state="idle"]`

/** Open the app in the Chat view, its replay model slow enough to watch a reply stream and fast enough for short tests. */
export async function openChatPage(): Promise<AppPage> {
  const chat = await openAppPage({viewport: {width: 1300, height: 850}, env: {CHAT_REPLAY_TPS: '120'}})
  chat.page.on('dialog', (dialog) => void dialog.accept())
  await openChat(chat.page, chat.served.url)
  return chat
}

/** Load the app at `url` in the Chat view, as its address names it. */
export async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/?view=chat`)
  await page.waitForSelector(composer)
}

export async function newChat(page: Page): Promise<void> {
  await page.click('button.new-chat')
  await page.waitForSelector('.chat-welcome')
}

export async function send(page: Page, text: string): Promise<void> {
  await page.fill(composer, text)
  await page.press(composer, 'Enter')
}

/** The last reply's markdown, as its Copy button copies it. */
export async function copiedReply(page: Page): Promise<string> {
  await page.click(`${lastAssistant} button[aria-label="Copy"]`)
  await page.waitForSelector(`${lastAssistant} .message-action:has-text("Copied")`)
  return (await copiedText(page)) ?? ''
}

/** Wait until the last reply shows more than `length` characters. */
export async function waitForReplyText(page: Page, length: number): Promise<void> {
  await page.waitForFunction(({selector, length}) => (document.querySelector(selector)?.textContent?.length ?? 0) > length, {
    selector: `${lastAssistant} .markdown-body`,
    length,
  })
}
