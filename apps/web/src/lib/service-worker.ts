/**
 * The app's service worker on the page side (issue 19, ADR 0032): registration (production
 * builds only), the update prompt's state, and the worker's messages.
 *
 * Updates never mix versions: a new worker installs in the background and waits; the page
 * keeps running on the old one until the user chooses "Reload", which tells the waiting worker
 * to take over and reloads once it controls the page (workbox-window's prompt flow).
 */
import { useSyncExternalStore } from 'react'
import { Workbox } from 'workbox-window'
import { logger } from './logger'

type State = { updateReady: boolean }

let state: State = { updateReady: false }
const listeners = new Set<() => void>()
let workbox: Workbox | null = null

function setState(next: State) {
  state = next
  for (const listener of listeners) listener()
}

/** What the worker may ask of the page: open an app path (a notification was clicked). */
export type WorkerMessage = { type: 'OPEN_URL'; url: string }

export function registerServiceWorker(options: {
  onMessage: (message: WorkerMessage) => void
}): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  workbox = new Workbox('/sw.js', { scope: '/' })
  // A new version finished installing and waits for this page's consent.
  workbox.addEventListener('waiting', () => setState({ updateReady: true }))
  workbox.addEventListener('message', (event) => {
    const data = event.data as Partial<WorkerMessage> | undefined
    if (data?.type === 'OPEN_URL' && typeof data.url === 'string') {
      options.onMessage({ type: 'OPEN_URL', url: data.url })
    }
  })
  // Registration fails where workers are off (a blocked profile, a private mode): the app then
  // simply runs without one.
  workbox.register().catch((error: unknown) => {
    logger.warn('The service worker could not be registered', error)
  })
}

/** Lets the waiting worker take over, then reloads on the new version's files. */
export function applyUpdate(): void {
  if (!workbox) return
  workbox.addEventListener('controlling', () => window.location.reload())
  workbox.messageSkipWaiting()
}

/** Looks for a new version now (the browser also does on navigations, at most daily). */
export async function checkForUpdate(): Promise<void> {
  await workbox?.update()
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state.updateReady,
  )
}
