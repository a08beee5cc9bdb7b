/**
 * The Chat view in Chromium, against the production build and the offline
 * replay model of `vite preview`: the composer, streamed replies rendered
 * through the worker (equal to the CLI's render at the end), Stop, reloads,
 * errors with Retry. Faults are injected with Playwright's `page.route`.
 * No request may leave localhost.
 */
import {toHtml} from 'hast-util-to-html'
import type {Browser, BrowserContext, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startServer} from '../../server/index.ts'
import {replayAnswer} from '../../server/models/replay-answers.ts'
import {markdownToHast} from '../../workers/pipeline.ts'
import {appBuild, collectErrors, guardNetwork, launchChromium, serve, type AppBuild, type NetworkLog, type Served} from './browser.ts'

let build: AppBuild
let served: Served
let browser: Browser
let context: BrowserContext
let page: Page
let network: NetworkLog
let errors: string[]

const composer = 'textarea[aria-label="Message"]'
const assistant = '[data-role="assistant"]'
const lastAssistant = `${assistant}:last-of-type`
const finished = (status = 'done') => `${lastAssistant}[data-status="${status}"][data-render-state="idle"]`

beforeAll(async () => {
  build = appBuild()
  // The handler reads the replay rate when the preview server starts: fast
  // enough for short tests, slow enough to watch a reply stream.
  const tps = process.env.CHAT_REPLAY_TPS
  process.env.CHAT_REPLAY_TPS = '120'
  try {
    served = await serve(build.outDir)
  } finally {
    if (tps === undefined) delete process.env.CHAT_REPLAY_TPS
    else process.env.CHAT_REPLAY_TPS = tps
  }
  browser = await launchChromium()
  context = await browser.newContext({viewport: {width: 1300, height: 850}})
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: served.url})
  page = await context.newPage()
  page.on('dialog', (dialog) => void dialog.accept())
  network = guardNetwork(page)
  errors = collectErrors(page)
  await openChat()
})

afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** Load the app and switch to the Chat view. */
async function openChat(): Promise<void> {
  await page.goto(served.url)
  await page.click('.view-tab:has-text("Chat")')
  await page.waitForSelector(composer)
}

async function newChat(): Promise<void> {
  await page.click('button.new-chat')
  await page.waitForSelector('.chat-welcome')
}

async function send(text: string): Promise<void> {
  await page.fill(composer, text)
  await page.press(composer, 'Enter')
}

/** The last reply's markdown, as its Copy button copies it. */
async function copiedReply(): Promise<string> {
  await page.click(`${lastAssistant} button[aria-label="Copy"]`)
  await page.waitForSelector(`${lastAssistant} .message-action:has-text("Copied")`)
  return page.evaluate(() => navigator.clipboard.readText())
}

/** Wait until the last reply shows more than `length` characters. */
async function waitForReplyText(length: number): Promise<void> {
  await page.waitForFunction(({selector, length}) => (document.querySelector(selector)?.textContent?.length ?? 0) > length, {
    selector: `${lastAssistant} .markdown-body`,
    length,
  })
}

const replyLength = () => page.$eval(lastAssistant, (node) => node.querySelector('.markdown-body')?.textContent?.length ?? 0)

/**
 * HTML of the last reply's article and of `expected` (the pipeline's HTML),
 * both serialized by the browser, after undoing what the React renderer adds
 * on purpose (src/render/components.tsx, Block.tsx, workers/display/): block
 * wrappers and their line offsets, code-block and table toolbars, heading ids and
 * anchors, new-tab attributes on links, read-only checkboxes, and
 * hast-util-to-jsx-runtime's `align` → `text-align` and dropped whitespace in
 * tables. Blocks render one by one, so the newlines between top-level blocks
 * are not there either.
 */
function renderedAndExpected(expected: string): Promise<{rendered: string; expected: string}> {
  return page.evaluate(
    ({selector, expected}) => {
      const inert = document.implementation.createHTMLDocument('')
      const normalize = (root: Element) => {
        for (const element of root.querySelectorAll('*')) {
          // A style as the browser reads it; an empty one (left by a patch that removed every property) is none.
          if (element.hasAttribute('style')) {
            const css = (element as HTMLElement).style.cssText
            if (css) element.setAttribute('style', css)
            else element.removeAttribute('style')
          }
          const attributes = [...element.attributes].map(({name, value}) => [name, value] as const).sort(([a], [b]) => (a < b ? -1 : 1))
          for (const [name] of attributes) element.removeAttribute(name)
          for (const [name, value] of attributes) element.setAttribute(name, value)
          if (/^(ARTICLE|TABLE|THEAD|TBODY|TFOOT|TR)$/.test(element.tagName)) {
            for (const child of [...element.childNodes]) if (child.nodeType === 3 && !child.textContent?.trim()) child.remove()
          }
        }
        for (const child of [...root.childNodes]) if (child.nodeType === 3 && !child.textContent?.trim()) child.remove()
        return root.innerHTML
      }

      const article = document.querySelector(selector)!.cloneNode(true) as Element
      const moved = inert.importNode(article, true)
      for (const block of [...moved.querySelectorAll(':scope > .block-group > .block')]) {
        const offset = Number(block.getAttribute('data-line-offset'))
        for (const top of block.querySelectorAll(':scope > [data-line-start]')) {
          for (const name of ['data-line-start', 'data-line-end']) top.setAttribute(name, String(Number(top.getAttribute(name)) + offset))
        }
        block.replaceWith(...block.childNodes)
      }
      for (const group of [...moved.querySelectorAll(':scope > .block-group')]) group.replaceWith(...group.childNodes)
      for (const wrapper of [...moved.querySelectorAll('.code-block')]) {
        const pre = wrapper.querySelector(':scope > pre')!
        for (const name of ['data-line-start', 'data-line-end']) if (wrapper.hasAttribute(name)) pre.setAttribute(name, wrapper.getAttribute(name)!)
        wrapper.replaceWith(pre)
      }
      for (const wrapper of [...moved.querySelectorAll('.table-block')]) {
        const table = wrapper.querySelector(':scope > table')!
        for (const name of ['data-line-start', 'data-line-end']) if (wrapper.hasAttribute(name)) table.setAttribute(name, wrapper.getAttribute(name)!)
        wrapper.replaceWith(table)
      }
      for (const anchor of moved.querySelectorAll('a.anchor')) anchor.remove()
      for (const heading of moved.querySelectorAll('[data-slug]')) {
        heading.removeAttribute('data-slug')
        heading.removeAttribute('id')
      }
      for (const link of moved.querySelectorAll('a[target="_blank"][rel="noopener noreferrer"]')) {
        link.removeAttribute('target')
        link.removeAttribute('rel')
      }
      for (const input of moved.querySelectorAll('input[readonly]')) input.removeAttribute('readonly')

      const full = inert.createElement('article')
      full.innerHTML = expected
      for (const cell of full.querySelectorAll('[align]')) {
        ;(cell as HTMLElement).style.textAlign = cell.getAttribute('align')!
        cell.removeAttribute('align')
      }
      return {rendered: normalize(moved), expected: normalize(full)}
    },
    {selector: `${lastAssistant} .markdown-body`, expected},
  )
}

/** Compare, showing where the first difference is rather than two walls of KaTeX. */
function expectSameHtml(rendered: string, expected: string, label: string): void {
  if (rendered === expected) return
  let at = 0
  while (rendered[at] === expected[at]) at++
  const around = (text: string) => text.slice(Math.max(0, at - 200), at + 200)
  expect({at, rendered: around(rendered)}, label).toEqual({at, rendered: around(expected)})
}

describe('the status', () => {
  it('should say the open document is up to date in the Chat view once its render is done', async () => {
    // The Chat view is opened before the preview has mounted the welcome
    // document; the preview, hidden, mounts nothing more.
    await openChat()
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
    await page.press(composer, 'Enter')
    await page.waitForSelector('[data-role="user"]')
    expect(await page.inputValue(composer)).toBe('')
    // It shows its text as typed at once, then renders in the worker like the replies, which replaces the plain text.
    expect(await firstShown).toEqual({text: 'Explain the quadratic formula\nwith equations', rendered: ''})
    await expect.poll(() => page.textContent('[data-role="user"] .markdown-body')).toBe('Explain the quadratic formula\nwith equations')
    expect(await page.locator('[data-role="user"] .message-plain').count()).toBe(0)
    await page.waitForSelector(`${lastAssistant}[data-status="streaming"]`)
    expect(await page.locator('button[aria-label="Stop"]').count()).toBe(1)
    // Every render version the reply shows while it streams, caught as it changes (sampling would miss some on a busy machine).
    await page.evaluate((selector) => {
      const reply = document.querySelector(selector)!
      const versions = new Set([reply.getAttribute('data-render-version')])
      Object.assign(window, {__replyVersions: versions})
      new MutationObserver(() => {
        if (reply.getAttribute('data-status') === 'streaming') versions.add(reply.getAttribute('data-render-version'))
      }).observe(reply, {attributes: true, attributeFilter: ['data-render-version', 'data-status']})
    }, lastAssistant)

    // Watch the reply while it streams: text grows, the first block is never re-created.
    const seen: {length: number}[] = []
    let marked = false
    while ((await page.getAttribute(lastAssistant, 'data-status')) === 'streaming') {
      seen.push({length: await replyLength()})
      if (!marked && seen.at(-1)!.length > 400) {
        marked = await page.$eval(`${lastAssistant} .markdown-body > .block-group:first-child > .block:first-child > *`, (node) => {
          ;(node as HTMLElement & {mark?: boolean}).mark = true
          return true
        })
      }
      await page.waitForTimeout(40)
    }
    const versions = await page.evaluate(() => (window as unknown as {__replyVersions: Set<string | null>}).__replyVersions.size)
    expect(versions).toBeGreaterThanOrEqual(5)
    expect(seen.at(-1)!.length).toBeGreaterThan(seen.find(({length}) => length > 0)!.length)
    expect(marked).toBe(true)
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
  })

  it('should end with the HTML the render CLI produces for the same text', async () => {
    const prompts = [
      'Explain the quadratic formula with equations',
      'Show me fibonacci in Rust',
      'Compare sorting algorithms in a table',
      'Tell me some history with footnotes',
    ]
    for (const [index, prompt] of prompts.entries()) {
      if (index > 0) await send(prompt)
      await page.waitForFunction((count) => document.querySelectorAll('[data-role="assistant"]').length === count, index + 1)
      await page.waitForSelector(finished())
      const text = await copiedReply()
      const {hast} = await markdownToHast(text)
      const {rendered, expected} = await renderedAndExpected(toHtml(hast))
      expect(rendered.length, prompt).toBeGreaterThan(1000)
      expectSameHtml(rendered, expected, prompt)
    }
  })

  it('should stop a reply and keep its partial text', async () => {
    await newChat()
    await send('/long 20k')
    await waitForReplyText(300)
    await page.click('button[aria-label="Stop"]')
    await page.waitForSelector(finished('stopped'))
    const length = await replyLength()
    await page.waitForTimeout(500)
    expect(await replyLength()).toBe(length)
    expect(await page.textContent(`${lastAssistant} .message-note`)).toBe('Stopped.')
    // What arrived before Stop, and nothing after it.
    const text = await copiedReply()
    const whole = await replayAnswer('/long 20k')
    expect(text.length).toBeGreaterThan(300)
    expect(text.length).toBeLessThan(whole.length)
    expect(whole.startsWith(text)).toBe(true)
    // The partial reply is rendered in full (not healed): equal to the pipeline's output.
    const {rendered, expected} = await renderedAndExpected(toHtml((await markdownToHast(text)).hast))
    expectSameHtml(rendered, expected, 'stopped reply')
  })

  it('should follow a streaming reply unless scrolled up, and jump back to the end', async () => {
    await send('/long 20k')
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
    await waitForReplyText(3000)
    expect(await page.$eval('.chat-scroll', (node) => node.scrollHeight > node.clientHeight * 2)).toBe(true)
    await atEnd()
    await page.hover('.chat-scroll')
    await page.mouse.wheel(0, -600)
    await page.waitForSelector('button.jump-to-end')
    const top = await page.$eval('.chat-scroll', (node) => node.scrollTop)
    await waitForReplyText((await replyLength()) + 500)
    // The reply grew, the view stayed where the user put it.
    expect(await page.$eval('.chat-scroll', (node) => node.scrollTop)).toBe(top)
    expect(await distance()).toBeGreaterThan(600)
    await page.click('button.jump-to-end')
    await page.waitForSelector('button.jump-to-end', {state: 'detached'})
    await waitForReplyText((await replyLength()) + 500)
    await atEnd()
    await page.click('button[aria-label="Stop"]')
    await page.waitForSelector(finished('stopped'))
  })

  it('should regenerate the last reply', async () => {
    const before = await page.locator(assistant).count()
    await page.click(`${lastAssistant} button[aria-label="Regenerate"]`)
    await page.waitForSelector(`${lastAssistant}[data-status="streaming"]`)
    await waitForReplyText(300)
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
    await page.click('.view-tab:has-text("Chat")')
    await page.waitForSelector(finished('stopped'))
    expect(await page.$$eval('.conversation-title', (nodes) => nodes.map((node) => node.textContent))).toEqual(titles)
    await page.click('.conversation-open:has-text("Explain the quadratic formula")')
    await page.waitForFunction(() => document.querySelectorAll('[data-role="assistant"][data-status="done"][data-render-state="idle"]').length === 4)
    expect(await page.locator(assistant).count()).toBe(4)
  })

  it('should keep a reply cut by a reload, marked interrupted, and retry it', async () => {
    await newChat()
    await send('/long 20k')
    await waitForReplyText(300)
    // The save is throttled to every 500 ms; leaving the page flushes it.
    await page.reload()
    await page.click('.view-tab:has-text("Chat")')
    await page.waitForSelector(finished('interrupted'))
    const text = await copiedReply()
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
    const count = await page.locator('.conversation').count()
    await page.locator('.conversation').first().locator('button[aria-label="Delete Renamed chat"]').click()
    await page.waitForFunction((count) => document.querySelectorAll('.conversation').length === count - 1, count)
    await page.waitForSelector('.chat-welcome')
    await page.reload()
    await page.click('.view-tab:has-text("Chat")')
    await page.waitForSelector('.conversation')
    expect(await page.locator('.conversation-title:has-text("Renamed chat")').count()).toBe(0)
  })
})

describe('errors', () => {
  it('should show an HTTP error on the reply, and Retry should work', async () => {
    await newChat()
    await page.route('**/api/chat', (route) => route.fulfill({status: 500, contentType: 'application/json', body: '{"error":"Injected failure"}'}), {times: 1})
    await send('Explain the quadratic formula')
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
    await send('Now a table please')
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
    await send('Refused message\nwith two lines')
    await page.waitForSelector('.composer-error')
    expect(await page.textContent('.composer-error')).toMatch(/400 Bad Request: Expected at most 200 messages/)
    expect(await page.inputValue(composer)).toBe('Refused message\nwith two lines')
    expect(await page.locator('.message').count()).toBe(count)
  })
})

describe('boundaries', () => {
  it('should make no request outside localhost and log no errors', async () => {
    expect(network.urls.some((url) => url.endsWith('/api/chat'))).toBe(true)
    expect(network.external()).toEqual([])
    // The injected HTTP errors are logged by the browser itself.
    expect(errors.filter((error) => !/status of (500|400)/.test(error))).toEqual([])
  })
})

describe('access token', () => {
  it('should ask for the token once, in the chat view, keep the message, and send it with the token from then on', async () => {
    // The production server over the same build, with a token.
    const server = await startServer({
      distDir: build.outDir,
      port: 0,
      host: '127.0.0.1',
      chat: {replayTps: 0, token: 'team-secret', log: () => {}},
      requestLog: () => {},
    })
    const tokenPage = await context.newPage()
    try {
      await tokenPage.goto(server.url)
      await tokenPage.click('.view-tab:has-text("Chat")')
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
      await tokenPage.click('.view-tab:has-text("Chat")')
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
