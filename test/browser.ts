import { chromium, type Browser, type BrowserContext } from 'playwright-core'

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
    args: [...CHROMIUM_ARGS, ...extraArgs],
  })
}

/** Chromium's flags here: no sandbox (root), and nothing that reaches for the closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/**
 * Chromium with a profile of its own in `userDataDir` (not incognito, as `launchChromium`'s
 * contexts are): what checks of an installable app need, since Chromium offers no install in
 * incognito.
 */
export function launchPersistentChromium(
  userDataDir: string,
  options: { baseURL: string; viewport: { width: number; height: number } },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  })
}
