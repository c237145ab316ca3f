import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { withTransaction } from '../../platform/db/pool.ts'
import { escapeHtml, unescapeHtml } from './html.ts'
import { enqueueEmail, type OutgoingEmail } from './outbox.ts'

type MailboxJson = Array<{
  id: string
  to: string
  subject: string
  template: string
  status: string
  links: string[]
  created_at: string
}>

describe('the development mailbox (/dev/mailbox)', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await startTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  async function queue(email: OutgoingEmail): Promise<string> {
    const queued = await withTransaction(testApp.database.pool, (tx) => enqueueEmail(tx, email))
    if (!queued) throw new Error('the email was not queued')
    return queued.id
  }

  /** A page, as a browser asks for it. */
  async function page(path: string) {
    const response = await fetch(`${testApp.baseUrl}${path}`, { headers: { accept: 'text/html' } })
    return { response, body: await response.text() }
  }

  /** The targets of the anchors in the page's list of links. */
  function listedLinks(body: string): string[] {
    const list = /<ul class="links">([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? ''
    return [...list.matchAll(/<a href="([^"]*)">/g)].map((match) => unescapeHtml(match[1] ?? ''))
  }

  it('lists every message newest first, with its time, recipient, subject and status', async () => {
    const older = await queue({
      userId: null,
      to: 'first@example.com',
      template: 'reauthentication',
      data: { code: '111111' },
    })
    const newer = await queue({
      userId: null,
      to: 'second@example.com',
      template: 'resume_upload_link',
      data: { link: `${testApp.baseUrl}/upload?token=abc` },
    })

    const { response, body } = await page('/dev/mailbox')

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const newerRow = body.indexOf(`href="/dev/mailbox/${newer}"`)
    const olderRow = body.indexOf(`href="/dev/mailbox/${older}"`)
    expect(newerRow).toBeGreaterThan(0)
    expect(olderRow).toBeGreaterThan(newerRow)
    expect(body).toContain('second@example.com')
    expect(body).toContain('Upload your resume to Job Search Assistant')
    expect(body).toContain('<span class="status">queued</span>')
    expect(body).toMatch(
      /<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">\d{4}-\d\d-\d\d [\d:]+ UTC<\/time>/,
    )
  })

  it('shows a message: its headers, every link as an anchor, its HTML framed and its text', async () => {
    const link = `${testApp.baseUrl}/auth/v1/verify?token=t0k3n&type=magiclink&redirect_to=${encodeURIComponent(testApp.baseUrl)}`
    const id = await queue({
      userId: null,
      to: 'reader@example.com',
      template: 'magic_link',
      data: { link, code: '424242' },
    })
    const row = (
      await testApp.database.pool.query<{ subject: string; text_body: string; html_body: string }>(
        'select subject, text_body, html_body from public.emails where id = $1',
        [id],
      )
    ).rows[0]

    const { response, body } = await page(`/dev/mailbox/${id}`)

    expect(response.status).toBe(200)
    expect(body).toContain(`<h1>${escapeHtml(row?.subject ?? '')}</h1>`)
    expect(body).toContain('<dd>reader@example.com</dd>')
    expect(body).toContain('<dd>magic_link</dd>')
    expect(listedLinks(body)).toEqual([link])
    expect(body).toContain(
      `sandbox="allow-popups allow-popups-to-escape-sandbox"\n            srcdoc="${escapeHtml(row?.html_body ?? '')}"`,
    )
    expect(body).toContain(`<pre>${escapeHtml(row?.text_body ?? '')}</pre>`)
    expect(body).toContain('424242')
  })

  it('gives the messages with their links as JSON, all or those to one address', async () => {
    const link = `${testApp.baseUrl}/upload?token=json`
    const id = await queue({
      userId: null,
      to: 'Tooling@Example.com',
      template: 'resume_upload_link',
      data: { link },
    })

    const all = (await (
      await fetch(`${testApp.baseUrl}/dev/mailbox/messages.json`)
    ).json()) as MailboxJson
    const mine = (await (
      await fetch(`${testApp.baseUrl}/dev/mailbox/messages.json?to=tooling@example.com`)
    ).json()) as MailboxJson

    expect(all.length).toBeGreaterThan(1)
    expect(all[0]?.id).toBe(id)
    expect(mine).toEqual([
      {
        id,
        to: 'Tooling@Example.com',
        subject: 'Upload your resume to Job Search Assistant',
        template: 'resume_upload_link',
        status: 'queued',
        links: [link],
        created_at: mine[0]?.created_at,
      },
    ])
    expect(mine[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)
  })

  it('escapes a hostile subject, recipient and body, and lists only web links', async () => {
    const inserted = await testApp.database.pool.query<{ id: string }>(
      `insert into public.emails (to_address, template, subject, text_body, html_body)
       values ($1, 'hostile', $2, $3, $4) returning id`,
      [
        '"><img src=x onerror=alert(1)>@evil.test',
        '<script>alert("subject")</script>',
        'Go to javascript:alert(3) or https://ok.example/?a=1&b=<x>\n</pre><script>alert("text")</script>',
        '</iframe><script>alert("body")</script><a href="javascript:alert(2)">x</a>',
      ],
    )
    const id = inserted.rows[0]?.id

    for (const path of ['/dev/mailbox', `/dev/mailbox/${id}`]) {
      const { body } = await page(path)
      expect(body).not.toMatch(/<script|<img|<\/iframe><|<\/pre><script/)
      expect(body).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;')
      expect(body).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@evil.test')
    }
    const { body } = await page(`/dev/mailbox/${id}`)
    expect(listedLinks(body)).toEqual(['https://ok.example/?a=1&b='])
    const json = (await (
      await fetch(`${testApp.baseUrl}/dev/mailbox/messages.json`)
    ).json()) as MailboxJson
    expect(json.find((message) => message.id === id)?.subject).toBe(
      '<script>alert("subject")</script>',
    )
  })

  it('answers 404 for a message it does not have', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const { response, body } = await page(`/dev/mailbox/${encodeURIComponent(id)}`)
      expect(response.status).toBe(404)
      expect(body).toContain('No such message')
      // The page's code rides in a header; tooling that does not ask for HTML gets JSON.
      expect(response.headers.get('x-error-code')).toBe('not_found')
      const json = await fetch(`${testApp.baseUrl}/dev/mailbox/${encodeURIComponent(id)}`)
      expect(json.status).toBe(404)
      expect(await json.json()).toMatchObject({ code: 'not_found' })
    }
  })

  it.each([
    [
      'in production',
      {
        PUBLIC_APP_ENV: 'production',
        // What a production install must configure besides.
        PUBLIC_ANALYTICS_KEY: 'phc_test',
        PUBLIC_ERROR_REPORTING_TOKEN: 'token',
        PUBLIC_ERROR_REPORTING_DSN: 'https://key@errors.example.com/1',
      },
    ],
    ['when SMTP_URL is set', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
  ])('is not there %s: every path is a plain 404', async (_case, env) => {
    const other = await startTestApp({ env })
    try {
      const id = await withTransaction(other.database.pool, (tx) =>
        enqueueEmail(tx, {
          userId: null,
          to: 'secret@example.com',
          template: 'reauthentication',
          data: { code: '999999' },
        }),
      )
      for (const path of ['/dev/mailbox', '/dev/mailbox/messages.json', `/dev/mailbox/${id?.id}`]) {
        const response = await fetch(`${other.baseUrl}${path}`, {
          headers: { accept: 'text/html' },
        })
        expect(response.status).toBe(404)
        expect(await response.json()).toMatchObject({ code: 'route_not_found' })
      }
    } finally {
      await other.close()
    }
  })
})
