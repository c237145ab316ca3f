import { randomUUID } from 'node:crypto'
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectAccessible } from '../../../test/accessibility.ts'
import { REPO_ROOT } from '../../../apps/server/src/platform/config.ts'
import { startPushServiceStandIn, type PushServiceStandIn } from '../../../test/push-service.ts'
import { launchPersistentChromium } from '../../../test/browser.ts'
import { startStack } from '../../../test/stack.ts'
import { continueAsGuest, createAccount, uniqueEmail } from './accounts.ts'
import { setUpAppInBrowser, setUpStackDatabase } from './support.ts'

/**
 * The installed app (issue 19) in Chromium at a phone's size, against the real server:
 * - Lighthouse's former PWA audits, through the DevTools protocol: an installable manifest (no
 *   installability errors), a service worker that controls the start URL, the start URL
 *   answering 200 offline; the spec's own pages left to the network;
 * - offline: the deck and the tracker reload from the last sync; a swipe made offline is sent
 *   when the network returns (also across a reload), and a refused one rolls back (spec §4);
 * - the update prompt when a new service worker waits;
 * - a job-alert push, sent by the server through a loopback push service, shown by the worker
 *   and opening the job when clicked; the notification settings screen.
 *
 * The stack serves a copy of the built app, so the update test can change its service worker.
 */
const distCopy = mkdtempSync(path.join(tmpdir(), 'pwa-dist-'))
cpSync(path.join(REPO_ROOT, 'apps/web/dist'), distCopy, { recursive: true })
let pushService: PushServiceStandIn
const pushServiceReady = startPushServiceStandIn().then((service) => (pushService = service))

const env = { WEB_DIST_DIR: distCopy, PUSH_SERVICE_HOSTS: '127.0.0.1' }
const app = setUpAppInBrowser({ env })
const db = setUpStackDatabase(app)

beforeAll(async () => {
  await pushServiceReady
})
afterAll(async () => {
  await pushService?.close()
  rmSync(distCopy, { recursive: true, force: true })
})

type TestJob = { id: string; title: string; company: string }

async function insertJobs(titles: string[]): Promise<TestJob[]> {
  const company = `Offline Co ${randomUUID().slice(0, 8)}`
  const jobs: TestJob[] = []
  for (const [index, title] of titles.entries()) {
    const result = await db.query<{ id: string }>(
      `insert into public.jobs (source, source_id, title, company_name, location, locations,
         country_codes, location_names, work_location, job_type, description, apply_url, posted_at)
       values ('manual', $1, $2, $3, 'Berlin, Germany',
         '[{"name": "Berlin", "region": "Berlin", "countryCode": "DE"}]', '{DE}', '{berlin}',
         'HYBRID', 'FULL_TIME', 'Maps for everyone.', 'https://careers.example.com/apply',
         now() - make_interval(hours => $4))
       returning id`,
      [randomUUID(), title, company, index + 1],
    )
    jobs.push({ id: result.rows[0]?.id ?? '', title, company })
  }
  return jobs
}

async function setBalance(userId: string, credits: number) {
  await db.query(
    'update public.credit_balances set balance = $2, used_in_period = 0 where user_id = $1',
    [userId, credits],
  )
}

const deckUrl = (company: string) =>
  `/jobs?companies=${encodeURIComponent(JSON.stringify([company]))}`
const topCardTitle = () => app.page.locator('[data-top-card]').getByRole('heading', { level: 2 })
const creditsLeft = () => app.page.getByTestId('credits-remaining')

async function expectCreditsLeft(text: string) {
  await expect.poll(() => creditsLeft().textContent(), { timeout: 10_000 }).toBe(text)
}

async function swipesOf(userId: string) {
  const result = await db.query<{ job_id: string; direction: string }>(
    'select job_id, direction from public.swipes where user_id = $1 order by created_at',
    [userId],
  )
  return result.rows
}

/** Waits until the service worker controls the page (after the first load it needs a reload). */
async function waitForControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload()
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/)
}

/**
 * Requests already on their way when the network goes (a credits refresh, say) fail, and the
 * browser logs each: these tests cut the network on purpose.
 */
function expectOfflineRequests() {
  app.expectConsoleError(/net::ERR_INTERNET_DISCONNECTED/)
}

/**
 * Cuts the network and waits until the app shows it knows (its Offline indicator): a tap made
 * before the browser's `offline` event reaches the app would try the network first, and on a
 * busy machine that request could leave before the cut and reach the server.
 */
async function goOffline(): Promise<void> {
  await app.context.setOffline(true)
  await app.page.getByRole('status').filter({ hasText: 'Offline' }).waitFor()
}

/** The page's last sync is saved (the cache writes at most every 0.5 s). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1200))

describe('installable (Lighthouse’s former PWA audits)', () => {
  it('has an installable manifest, a worker controlling the start URL, and starts offline', async () => {
    const { page, context } = app
    expectOfflineRequests()
    await continueAsGuest(page)
    await page.goto('/jobs')
    const cdp: CDPSession = await context.newCDPSession(page)
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string
      errors: { message: string }[]
      data?: string
    }
    expect(manifest.errors).toEqual([])
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/)
    const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>
    expect(data).toMatchObject({
      name: 'Job-search assistant',
      short_name: 'Job search',
      display: 'standalone',
      start_url: '/start',
      theme_color: '#4f46e5',
    })
    const icons = data.icons as { sizes: string; purpose: string }[]
    expect(icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual([
      '192x192',
      '512x512',
    ])
    expect((data.shortcuts as { url: string }[]).map((shortcut) => shortcut.url)).toEqual([
      '/jobs',
      '/applications',
    ])
    await waitForControl(page)
    // iOS: its icon and full-screen launch.
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
      '/icons/apple-touch-icon-180.png',
    )
    expect(
      await page.locator('meta[name="apple-mobile-web-app-capable"]').getAttribute('content'),
    ).toBe('yes')

    // The worker and the manifest are never cached by HTTP: an update is seen at once.
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const response = await fetch(new URL(file, app.stack.appUrl))
      expect(response.headers.get('cache-control')).toBe('no-cache')
    }
    const csp = (await fetch(new URL('/jobs', app.stack.appUrl))).headers.get(
      'content-security-policy',
    )
    expect(csp).toContain("worker-src 'self'")
    expect(csp).toContain("manifest-src 'self'")

    // The start URL, offline: 200 from the worker, and the deck. (A DevTools session of the
    // test's own left attached keeps Chromium from applying the offline emulation to the page.)
    await cdp.detach()
    await context.setOffline(true)
    const offlineStart = await page.goto('/start')
    expect(offlineStart?.status()).toBe(200)
    expect(offlineStart?.fromServiceWorker()).toBe(true)
    await page.waitForURL(/\/jobs/)
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor()
    await context.setOffline(false)
  })

  it('has no installability errors (checked in a profile of its own)', async () => {
    // Chromium never installs from incognito, which every test context is.
    const profile = mkdtempSync(path.join(tmpdir(), 'pwa-profile-'))
    const installable = await launchPersistentChromium(profile, {
      baseURL: app.stack.appUrl,
      viewport: { width: 390, height: 844 },
    })
    try {
      const installPage = installable.pages()[0] ?? (await installable.newPage())
      await installPage.goto('/sign-in')
      await waitForControl(installPage)
      const installCdp = await installable.newCDPSession(installPage)
      const installability = (await installCdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[]
      }
      expect(installability.installabilityErrors).toEqual([])
    } finally {
      await installable.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })

  it('leaves the spec’s own pages and the APIs to the network', async () => {
    const { page } = app
    // The link pages are opened here without a link's tokens, which they log as they should.
    app.expectConsoleError(/Missing authentication token/)
    await continueAsGuest(page)
    await waitForControl(page)
    const shell = await page.goto('/applications')
    expect(shell?.fromServiceWorker()).toBe(true)
    for (const own of ['/', '/forgot-password', `/upload/${randomUUID()}`]) {
      const response = await page.goto(own)
      expect(response?.fromServiceWorker(), own).toBe(false)
    }
    await page.goto('/jobs')
    await waitForControl(page)
    // The Auth service's email links are the server's, never the shell's.
    const verify = await page.goto('/auth/v1/verify?token=x&type=signup&redirect_to=/jobs')
    expect(verify?.fromServiceWorker()).toBe(false)
  })
})

describe('offline', () => {
  it('reloads the deck and the tracker from the last sync, with an Offline indicator', async () => {
    const { page, context } = app
    expectOfflineRequests()
    const jobs = await insertJobs(['Map Engineer', 'Tile Engineer', 'Route Engineer'])
    const userId = await continueAsGuest(page)
    await setBalance(userId, 10)
    await waitForControl(page)
    await page.goto(deckUrl(jobs[0]!.company))
    await topCardTitle().waitFor()
    // A right swipe online: the tracker then holds that job.
    const saved = await topCardTitle().textContent()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(async () => (await swipesOf(userId)).length).toBe(1)
    await expect.poll(() => topCardTitle().textContent()).not.toBe(saved)
    const top = await topCardTitle().textContent()
    // Inside the app, as a person would: a full page load within the cache's write interval
    // would drop the last change (the next visit restores the save before it).
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: /^Saved/ })
      .click()
    await page
      .getByText(saved ?? '')
      .first()
      .waitFor()
    await settle()

    await context.setOffline(true)
    await page.goto(deckUrl(jobs[0]!.company))
    // The deck of the last sync: the jobs not swiped yet.
    const unswiped = jobs.map((job) => job.title).filter((title) => title !== saved)
    expect(unswiped).toContain(top)
    const showsUnswiped = async () => unswiped.includes((await topCardTitle().textContent()) ?? '')
    await expect.poll(showsUnswiped).toBe(true)
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor()
    await page.reload()
    await expect.poll(showsUnswiped).toBe(true)
    await page.getByRole('link', { name: /^Saved/ }).click()
    await page
      .getByText(saved ?? '')
      .first()
      .waitFor()
    await context.setOffline(false)
  })

  it('sends a swipe made offline when the network returns, also after a reload', async () => {
    const { page, context } = app
    expectOfflineRequests()
    const jobs = await insertJobs(['Offline Designer', 'Offline Writer'])
    const userId = await continueAsGuest(page)
    await setBalance(userId, 10)
    await waitForControl(page)
    await page.goto(deckUrl(jobs[0]!.company))
    await topCardTitle().waitFor()
    await expectCreditsLeft('10 credits left')
    await settle()

    await goOffline()
    const title = await topCardTitle().textContent()
    const job = jobs.find((candidate) => candidate.title === title)!
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectCreditsLeft('9 credits left')
    await expect.poll(() => topCardTitle().textContent()).not.toBe(title)
    await settle()
    // Still offline, the app is reloaded: the queued swipe is kept with the last sync (the spent
    // credit, the card gone). What the app shows is checked, not the server: after a reload, Playwright's offline emulation does
    // not stop every request of a page its service worker controls (seen on a busy machine: the
    // queued swipe reached the server with navigator.onLine false). The Idempotency-Key makes
    // such a resend count once, which the last check below holds.
    await page.reload()
    await expectCreditsLeft('9 credits left')
    await expect.poll(() => topCardTitle().textContent()).not.toBe(title)

    await context.setOffline(false)
    await expect
      .poll(() => swipesOf(userId), { timeout: 15_000 })
      .toEqual([{ job_id: job.id, direction: 'RIGHT' }])
    await expectCreditsLeft('9 credits left')
  })

  it('rolls back a queued swipe the server refuses (no credits left), as spec §4 says', async () => {
    const { page, context } = app
    expectOfflineRequests()
    const jobs = await insertJobs(['Refused Analyst', 'Refused Planner'])
    const userId = await continueAsGuest(page)
    await setBalance(userId, 10)
    await waitForControl(page)
    await page.goto(deckUrl(jobs[0]!.company))
    await topCardTitle().waitFor()
    await expectCreditsLeft('10 credits left')

    await goOffline()
    // Meanwhile the credits run out on the server; the queued swipe will be refused (402).
    await setBalance(userId, 0)
    app.expectConsoleError(/status of 402 .*\/api\/swipes/)
    const title = await topCardTitle().textContent()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectCreditsLeft('9 credits left')
    await expect.poll(() => topCardTitle().textContent()).not.toBe(title)

    const refused = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/swipes',
    )
    await context.setOffline(false)
    expect((await refused).status()).toBe(402)
    // The card is back, and the credits are refreshed: the server's 0, never below.
    await expect.poll(() => topCardTitle().textContent()).toBe(title)
    await expectCreditsLeft('0 credits left')
    await page.getByRole('alert').filter({ hasText: 'Out of credits' }).waitFor()
    expect(await swipesOf(userId)).toEqual([])
  })
})

describe('the last sync belongs to one user', () => {
  it('is dropped from the device on sign-out', async () => {
    const { page } = app
    const email = uniqueEmail('offline-cache')
    await createAccount(app.stack.appUrl, email, 'offline-password-123')
    await page.goto('/sign-in')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill('offline-password-123')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname !== '/sign-in')
    await page.goto('/jobs')
    await page.locator('[data-top-card]').waitFor()
    await settle()
    const savedCache = () =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve, reject) => {
            const open = indexedDB.open('job-search-app')
            open.onerror = () => reject(new Error('IndexedDB unavailable'))
            open.onsuccess = () => {
              const read = open.result
                .transaction('offline', 'readonly')
                .objectStore('offline')
                .get('query-cache')
              read.onsuccess = () => resolve(typeof read.result === 'string')
            }
          }),
      )
    expect(await savedCache()).toBe(true)
    await page.goto('/account')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(/\/sign-in/)
    await expect.poll(savedCache).toBe(false)
  })
})

describe('offline tracker', () => {
  it('moves an application offline and records the move when the network returns', async () => {
    const { page, context } = app
    expectOfflineRequests()
    const jobs = await insertJobs(['Offline Surveyor'])
    const job = jobs[0]!
    const userId = await continueAsGuest(page)
    await setBalance(userId, 10)
    await waitForControl(page)
    await page.goto(deckUrl(job.company))
    await topCardTitle().waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(async () => (await swipesOf(userId)).length).toBe(1)
    const name = `${job.title} at ${job.company}`
    const inColumn = (status: string) =>
      page.locator(`[data-column="${status}"]`).getByRole('article', { name })
    await page.goto('/applications?view=board')
    await inColumn('SAVED').waitFor()

    await goOffline()
    await inColumn('SAVED')
      .getByRole('button', { name: `Move to… ${name}` })
      .click()
    await inColumn('SAVED').getByRole('button', { name: 'Applied' }).click()
    await inColumn('APPLIED').waitFor()
    await page.getByRole('status').filter({ hasText: '1 change will be sent' }).waitFor()
    const statusOf = async () =>
      (
        await db.query<{ status: string }>(
          'select status from public.job_applications where user_id = $1',
          [userId],
        )
      ).rows.map((row) => row.status)
    expect(await statusOf()).toEqual(['SAVED'])
    await context.setOffline(false)
    await expect.poll(statusOf, { timeout: 15_000 }).toEqual(['APPLIED'])
    await inColumn('APPLIED').waitFor()
  })
})

describe('the install offer', () => {
  it('waits for a second screen inside the app, and stays away once dismissed', async () => {
    const { page } = app
    await continueAsGuest(page)
    await page.goto('/jobs')
    await waitForControl(page)
    // Chromium offers installing only to a real profile and after engagement: the browser's
    // event is dispatched as Chromium would.
    const offer = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => Promise.resolve(),
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        })
        window.dispatchEvent(event)
      })
    // The app is running (its listener is set) once the deck's heading shows.
    await page.getByRole('heading', { name: 'Jobs for you' }).waitFor()
    await offer()
    const card = page.getByRole('region', { name: 'Install the app' })
    // Not on the screen the app opened on.
    expect(await card.count()).toBe(0)
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Account' })
      .click()
    await card.waitFor()
    await expectAccessible(page)
    await card.getByRole('button', { name: 'Not now' }).click()
    await expect.poll(() => card.count()).toBe(0)
    await page.reload()
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor()
    await offer()
    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Jobs' }).click()
    await page.getByRole('heading', { name: 'Jobs for you' }).waitFor()
    expect(await card.count()).toBe(0)
  })
})

describe('updates', () => {
  it('says a new version is ready when a new worker waits, and reloads onto it', async () => {
    const { page } = app
    await continueAsGuest(page)
    await page.goto('/jobs')
    await waitForControl(page)
    // A new deployment: the worker's script changes (and its pre-compressed forms with it,
    // which the server sends a browser in its place).
    const worker = path.join(distCopy, 'sw.js')
    appendFileSync(worker, `\n// ${randomUUID()}\n`)
    writeFileSync(`${worker}.br`, brotliCompressSync(readFileSync(worker)))
    writeFileSync(`${worker}.gz`, gzipSync(readFileSync(worker)))
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      await registration?.update()
    })
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready.' })
    await prompt.waitFor({ timeout: 15_000 })
    await expectAccessible(page)
    const reloaded = page.waitForEvent('load')
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration()
          return registration?.waiting === null && navigator.serviceWorker.controller !== null
        }),
      )
      .toBe(true)
    await expect(prompt.count()).resolves.toBe(0)
  })
})

describe('tab badges', () => {
  it('counts review-inbox emails on Saved and today’s interviews on Practice', async () => {
    const { page } = app
    const userId = await continueAsGuest(page)
    await db.query(
      `insert into public.inbound_emails (user_id, message_id, to_address, raw_size,
         received_via, classified_type, confidence, review_status)
       values ($1, $2, 'inbox@inbound.localhost', 100, 'webhook', 'other', 0.5, 'pending')`,
      [userId, `<${randomUUID()}@example.test>`],
    )
    const today = await page.evaluate(() => {
      const now = new Date()
      const pad = (value: number) => String(value).padStart(2, '0')
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
    })
    await db.query(
      `with application as (
         insert into public.job_applications (user_id, status, job_snapshot)
         values ($1, 'INTERVIEW', '{"title": "Surveyor", "company": "Acme"}') returning id
       )
       insert into public.job_application_events (job_application_id, user_id, type, payload)
       select id, $1, 'interview_scheduled', $2 from application`,
      [userId, JSON.stringify({ date: today, time: '23:59', timeZone: 'UTC' })],
    )
    await page.goto('/account')
    const nav = page.getByRole('navigation', { name: 'App' })
    await nav.getByRole('link', { name: /^Saved ?, 1 email to review$/ }).waitFor()
    await nav.getByRole('link', { name: /^Practice ?, 1 interview today$/ }).waitFor()
    await expectAccessible(page)
  })
})

describe('notifications', () => {
  it('shows a job alert pushed by the server and opens the job when clicked', async () => {
    const { page, context } = app
    const email = uniqueEmail('push')
    await createAccount(app.stack.appUrl, email, 'push-password-123')
    await page.goto('/sign-in')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill('push-password-123')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname !== '/sign-in')
    await context.grantPermissions(['notifications'], { origin: app.stack.appUrl })
    await page.goto('/account/notifications')
    await page.getByRole('heading', { name: 'Push notifications' }).waitFor()
    await page.getByRole('switch', { name: /Job alerts/ }).waitFor()
    await expectAccessible(page)
    await waitForControl(page)

    // Chromium's own push service is Google's: this device subscribes at the stand-in.
    const subscription = pushService.subscribe()
    const api = (method: string, apiPath: string, body?: unknown) =>
      page.evaluate(
        async ({ method, apiPath, body }) => {
          const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name))
          const token = (
            JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as {
              access_token?: string
            }
          ).access_token
          const response = await fetch(`/api/${apiPath}`, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          })
          return response.status
        },
        { method, apiPath, body },
      )
    expect(await api('POST', 'push/subscriptions', subscription)).toBe(204)
    expect(
      await api('POST', 'job-alerts', { name: 'Cartography', filters: {}, q: 'Cartographer' }),
    ).toBe(201)
    await db.query(`update public.job_alerts set created_at = now() - interval '1 day'`)
    const [job] = await insertJobs(['Cartographer'])

    // A second server process on the same database: its background jobs run the digest on start.
    const since = pushService.received.length
    const second = await startStack({
      adminUrl: inject('postgresAdminUrl'),
      env,
      alongside: app.stack,
    })
    let pushed
    try {
      pushed = await pushService.next(since)
    } finally {
      await second.stop()
    }
    const message = JSON.parse(pushed.payload) as { title: string; body: string; url: string }
    // Other tests' jobs may match too: the notification names the newest, and opens it.
    expect(message.title).toMatch(/^(New job|\d+ new jobs) for “Cartography”$/)
    expect(message.url).toBe(`/jobs/${job!.id}`)

    // The push service hands the message to the browser: DevTools delivers it to the worker.
    const cdp = await context.newCDPSession(page)
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = (registrations as { registrationId: string; isDeleted: boolean }[]).find(
          (registration) => !registration.isDeleted,
        )
        if (found) resolve(found.registrationId)
      })
    })
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.stack.appUrl,
      registrationId: await registrationId,
      data: pushed.payload,
    })
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready
          return (await registration.getNotifications()).map((shown) => shown.title)
        }),
      )
      .toEqual([message.title])

    // A click on it opens the job in this window.
    const [worker] = context.serviceWorkers()
    await worker!.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration
        dispatchEvent: (event: Event) => boolean
      }
      const [shown] = await scope.registration.getNotifications()
      const NotificationClick = (
        globalThis as unknown as {
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event
        }
      ).NotificationEvent
      scope.dispatchEvent(new NotificationClick('notificationclick', { notification: shown! }))
    })
    await page.waitForURL(`**/jobs/${job!.id}`)
    await page.getByRole('heading', { name: 'Cartographer' }).first().waitFor()
  })
})
