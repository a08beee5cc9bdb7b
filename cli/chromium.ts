/** Launching Chromium headless, for the CLI's diagrams and for the tests and benchmark that drive the app. */
import type {Browser} from 'playwright-core'

/** Where Chromium is: `CHROMIUM_PATH`, else Debian's package. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Start Chromium headless, with nothing that phones home. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  // Loaded on use: Playwright takes most of a second to load, which the CLI pays only for a document with diagrams.
  const {chromium} = await import('playwright-core')
  return chromium.launch({executablePath: chromiumPath, args: chromiumArgs(extraArgs)})
}

/** Chromium's command-line switches: headless, and nothing that phones home. */
export function chromiumArgs(extraArgs: string[] = []): string[] {
  return [
    '--headless',
    // Chromium's own sandbox cannot run as root.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...extraArgs,
  ]
}
