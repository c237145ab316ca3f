/// <reference lib="webworker" />
/**
 * The app's service worker (issue 19, ADR 0032), built by vite-plugin-pwa (`injectManifest`)
 * and served as /sw.js:
 * - precaches the shell (index.html) and every hashed asset of this build, and serves the
 *   shell for the app's own navigations, so the app opens offline and on a bad connection;
 * - keeps the last runtime configuration (/config.js, fetched when it installs: the server's
 *   pages carry it inline, the shell loads it) for offline starts;
 * - never answers for the APIs (/api, /auth/v1, /rest/v1, /storage/v1): data read offline
 *   comes from the app's own cache (lib/query-persistence.ts), not from here;
 * - leaves the spec's own pages (/, /forgot-password, /upload/<id>, /roasted-by-trump/…) and
 *   the server's other paths to the network;
 * - waits after installing until the page says "SKIP_WAITING" (the update prompt);
 * - shows push notifications and opens their screen when one is clicked.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>
}

// No directory index: `/` is the spec's own page, answered by the server, not the shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' })
cleanupOutdatedCaches()

/** Navigations the shell never answers: pages of their own, and the server's surfaces. */
const OUTSIDE_SHELL = [
  /^\/$/,
  /^\/forgot-password(\/|$)/,
  /^\/upload\//,
  /^\/roasted-by-trump(\/|$)/,
  /^\/(api|auth\/v1|rest|storage|dev|health|ready|metrics)(\/|$)/,
  /^\/config\.js$/,
]

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: OUTSIDE_SHELL }),
)

const RUNTIME_CONFIG_CACHE = 'runtime-config'

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.js',
  new NetworkFirst({ cacheName: RUNTIME_CONFIG_CACHE, networkTimeoutSeconds: 4 }),
)

// The server writes the configuration into the page it sends, so a first visit never asks for
// /config.js; the shell this worker serves does. Kept from the start, an offline start has it.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(RUNTIME_CONFIG_CACHE)
      .then((cache) => cache.add('/config.js'))
      // Not worth failing the install over: the shell asks the network again when it runs.
      .catch(() => undefined),
  )
})

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') {
    void self.skipWaiting()
  }
})

type PushMessage = { title: string; body: string; url: string; tag?: string }

function readPush(data: PushMessageData | null): PushMessage {
  try {
    const message = data?.json() as Partial<PushMessage> | undefined
    if (message && typeof message.title === 'string') {
      return {
        title: message.title,
        body: typeof message.body === 'string' ? message.body : '',
        url: appPath(message.url),
        ...(typeof message.tag === 'string' ? { tag: message.tag } : {}),
      }
    }
  } catch {
    // Not JSON: shown as a plain message below.
  }
  return { title: 'Job-search assistant', body: data?.text() ?? '', url: '/jobs' }
}

/** A path of this app, never another origin (`//host`, `https:`): else the deck. */
function appPath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/jobs'
}

self.addEventListener('push', (event) => {
  const message = readPush(event.data)
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-96.png',
      data: { url: message.url },
      ...(message.tag ? { tag: message.tag } : {}),
    }),
  )
})

/**
 * Opens the notification's screen: in an open window of the app (the page navigates in place,
 * on its router), else in a new one.
 */
async function openScreen(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
  if (open) {
    open.postMessage({ type: 'OPEN_URL', url })
    await open.focus().catch(() => undefined)
    return
  }
  await self.clients.openWindow(url)
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const work = openScreen(appPath((event.notification.data as { url?: unknown } | null)?.url))
  try {
    event.waitUntil(work)
  } catch {
    // A click dispatched by a test (untrusted) cannot extend its lifetime; the work still runs.
    void work
  }
})
