import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium: browser downloads cannot work here, so tests drive the system package. */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/**
 * Launches headless Chromium with the flags this machine needs: no sandbox (we run as root),
 * and no background networking, whose connections the closed network would refuse.
 * `extraArgs` adds a test's own flags (a fake microphone, say).
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  })
}
