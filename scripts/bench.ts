/**
 * `npm run bench`: build the app, serve it on loopback, drive the Benchmark
 * view in Debian's Chromium (headless, with Playwright), print the figures
 * and their ratios, and write the JSON to `bench/results/`.
 */
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type {Browser, Page} from 'playwright-core'
import {summaryTables} from '../src/bench/summary.ts'
import type {BenchResults} from '../src/bench/types.ts'
import {launchChromium} from '../cli/chromium.ts'
import {buildApp, collectErrors, guardNetwork, root, serve} from '../tests/e2e/browser.ts'
import {parseBenchArgs, usage, type BenchArgs} from './bench-args.ts'
import {exposeCpu} from './bench-cpu.ts'

/** How long the whole benchmark may take in the page. */
const timeoutMs = 120 * 60_000

async function main(): Promise<void> {
  const args = argsOrExit()
  if (args.help) {
    console.log(usage)
    return
  }
  const started = performance.now()
  let dist = args.dist
  // A build made here is removed at the end; one given with --dist is kept.
  let built: string | undefined
  if (!dist) {
    log('Building the app…')
    dist = built = (await buildApp()).outDir
  }
  const served = await serve(dist)
  // The benchmark calls `gc()` between runs.
  const browser = await launchChromium(['--js-flags=--expose-gc'])
  try {
    const page = await browser.newPage({viewport: {width: 1280, height: 900}, acceptDownloads: true})
    const errors = collectErrors(page)
    const network = guardNetwork(page)
    await exposeCpu(browser, page)
    // The Benchmark view straight from the address: the editor is not loaded into the page it measures.
    await page.goto(`${served.url}/?view=bench`)
    const results = await runInPage(page, args)
    const external = network.external()
    if (external.length > 0) throw new Error(`The page fetched from outside this machine: ${external.join(', ')}`)
    const output = {...results, machine: machineOf(browser)}
    const folder = path.resolve(root, args.out)
    await mkdir(folder, {recursive: true})
    const file = path.join(folder, `bench-${results.startedAt.replace(/[:.]/g, '-')}.json`)
    await writeFile(file, JSON.stringify(output, null, 2) + '\n')
    report(output, errors)
    console.log(`\nWrote ${path.relative(process.cwd(), file)} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    if (output.runs.some((run) => run.error) || results.cancelled) process.exitCode = 1
  } finally {
    await browser.close()
    await served.close()
    if (built) await rm(built, {recursive: true, force: true})
  }
}

function argsOrExit(): BenchArgs {
  try {
    return parseBenchArgs(process.argv.slice(2))
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${usage}`)
    process.exit(2)
  }
}

type Machine = ReturnType<typeof machineOf>

function machineOf(browser: Browser) {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 1e9),
    os: `${os.type()} ${os.release()}`,
    chromium: browser.version(),
    node: process.version,
  }
}

/** The machine, the idle page, the tables, and what failed. */
function report(results: BenchResults & {machine: Machine}, errors: string[]): void {
  const {machine, idle} = results
  console.log(
    `\n${results.startedAt.slice(0, 10)} · ${machine.cpu} · ${machine.cores} cores · ${machine.memoryGB} GB · ${machine.os} · Chromium ${machine.chromium} · Node ${machine.node}`,
  )
  console.log(
    `Idle page: ${idle.dropped} dropped frames of ${idle.frames}, longest gap ${idle.longestGapMs.toFixed(1)} ms, echo key→paint p95 ${idle.inputP95Ms?.toFixed(1) ?? '–'} ms\n`,
  )
  console.log(summaryTables(results))
  for (const run of results.runs.filter((run) => run.error)) console.error(`\nFailed: ${run.mode} · ${run.document.label} · ${run.scenario}: ${run.error}`)
  if (errors.length > 0) console.error(`\nThe page logged errors:\n${errors.join('\n')}`)
}

/** Set the view's controls to `args`, run, and take the JSON its Download button gives. */
async function runInPage(page: Page, args: BenchArgs): Promise<BenchResults> {
  const form = page.locator('.bench-form')
  await form.waitFor()
  for (const box of await form.locator('input[name="document"]').all()) await box.setChecked(false)
  await form.locator('input[name="sizes"]').fill(args.documents.map((id) => id.slice(4)).join(','))
  await form.getByRole('button', {name: 'Add'}).click()
  for (const box of await form.locator('input[name="profile"]').all()) await box.setChecked(args.profiles.includes((await box.getAttribute('value')) as never))
  for (const box of await form.locator('input[name="scenario"]').all())
    await box.setChecked(args.scenarios.includes((await box.getAttribute('value')) as never))
  for (const box of await form.locator('input[name="mode"]').all()) await box.setChecked(args.modes.includes((await box.getAttribute('value')) as never))
  const numbers: Array<[string, number | undefined]> = [
    ['keystrokes', args.keystrokes],
    ['keystrokeMs', args.keystrokeMs],
    ['chunkChars', args.chunkChars],
    ['chunksPerSecond', args.chunksPerSecond],
    ['pool', args.pool],
    ['chatReplies', args.chatReplies],
    ['chatSeconds', args.chatSeconds],
  ]
  for (const [name, value] of numbers) if (value !== undefined) await form.locator(`input[name="${name}"]`).fill(String(value))
  await form.locator('input[name="chatRates"]').fill(args.chatRates.join(','))

  await page.getByRole('button', {name: 'Run benchmark'}).click()
  const status = page.locator('.bench-status')
  const deadline = Date.now() + timeoutMs
  let last = ''
  for (;;) {
    const state = await status.getAttribute('data-bench-state')
    if (state === 'done' || state === 'cancelled') break
    if (state === 'failed') throw new Error(await status.locator('.bench-status-label').innerText())
    if (Date.now() > deadline) throw new Error(`The benchmark did not finish within ${timeoutMs / 60_000} minutes`)
    const label = await status.locator('.bench-status-label').innerText()
    if (label !== last) log(label)
    last = label
    await page.waitForTimeout(2000)
  }
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', {name: 'Download JSON'}).click()])
  return JSON.parse(await readFile(await download.path(), 'utf8')) as BenchResults
}

function log(message: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`)
}

await main()
