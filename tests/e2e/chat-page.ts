/**
 * The Chat view's tests share this: the production build served by `vite
 * preview` with the offline replay model, a Chromium page on it, and what
 * a user does there.
 */
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {appBuild, collectErrors, guardNetwork, launchChromium, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'

export const composer = 'textarea[aria-label="Message"]'
export const assistant = '[data-role="assistant"]'
export const lastAssistant = `${assistant}:last-of-type`
export const finished = (status = 'done') => `${lastAssistant}[data-status="${status}"][data-render-state="idle"]`

export interface ChatPage {
  build: AppBuild
  served: Served
  browser: Browser
  context: BrowserContext
  page: Page
  network: NetworkLog
  /** Errors the page logged. */
  errors: string[]
  close: () => Promise<void>
}

/** Serve the build, open it in Chromium and switch to the Chat view. */
export async function openChatPage(): Promise<ChatPage> {
  const build = appBuild()
  // The handler reads the replay rate when the preview server starts: fast
  // enough for short tests, slow enough to watch a reply stream.
  const tps = process.env.CHAT_REPLAY_TPS
  process.env.CHAT_REPLAY_TPS = '120'
  let served: Served
  try {
    served = await serve(build.outDir)
  } finally {
    if (tps === undefined) delete process.env.CHAT_REPLAY_TPS
    else process.env.CHAT_REPLAY_TPS = tps
  }
  const browser = await launchChromium()
  const context = await browser.newContext({viewport: {width: 1300, height: 850}})
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: served.url})
  const page = await context.newPage()
  page.on('dialog', (dialog) => void dialog.accept())
  const chat = {build, served, browser, context, page, network: guardNetwork(page), errors: collectErrors(page)}
  await openChat(page, served.url)
  return {
    ...chat,
    close: async () => {
      await browser.close()
      await served.close()
    },
  }
}

/** Load the app at `url` and switch to the Chat view. */
export async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.click('.view-tab:has-text("Chat")')
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
  return page.evaluate(() => navigator.clipboard.readText())
}

/** Wait until the last reply shows more than `length` characters. */
export async function waitForReplyText(page: Page, length: number): Promise<void> {
  await page.waitForFunction(({selector, length}) => (document.querySelector(selector)?.textContent?.length ?? 0) > length, {
    selector: `${lastAssistant} .markdown-body`,
    length,
  })
}
