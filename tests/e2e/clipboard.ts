/**
 * The clipboard in browser tests. Every test file's pages live in one shared
 * Chromium, whose clipboard is one for all of them: another file's Copy can
 * land between this file's Copy and its read. So each page keeps the last
 * text the app wrote successfully, and a test reads that. The write itself
 * still goes to the real clipboard, and the app says "Copied" only once it
 * has.
 */
import type {BrowserContext, Page} from 'playwright-core'

/** Let pages of `context` at `origin` use the clipboard, and keep what each copies. */
export async function allowClipboard(context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin})
  await context.addInitScript(() => {
    const clipboard = navigator.clipboard
    if (!clipboard) return
    const write = clipboard.writeText.bind(clipboard)
    clipboard.writeText = async (text: string) => {
      await write(text)
      ;(window as unknown as {__copiedText?: string}).__copiedText = text
    }
  })
}

/** The text the app last copied in `page`; `undefined` before its first Copy. */
export function copiedText(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as {__copiedText?: string}).__copiedText)
}
