import { readFile } from 'node:fs/promises'
import nodemailer from 'nodemailer'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'
import { api, insertCatalogue, type SignedIn, signUp } from '../../../test/job-search-fixture.ts'
import { inboundEmailSettingsFromConfig, type SmtpReceiver, startSmtpReceiver } from './index.ts'
import { readConfig } from '../../platform/config.ts'

/**
 * The inbound-email path (issue 14): a user's private address, the real SMTP receiver (sent to
 * with nodemailer over TCP) and the webhook, classification and matching to the user's
 * applications (the event moves the status by the database's rule), the review inbox, and
 * isolation between users on /api and /rest/v1.
 */
const SECRET = 'inbound-secret-for-tests-0123456789'
const MAX_BYTES = 64 * 1024
let testApp: TestApp
let pool: TestApp['database']['pool']
let receiver: SmtpReceiver

beforeAll(async () => {
  const env = {
    INBOUND_EMAIL_SECRET: SECRET,
    INBOUND_EMAIL_MAX_BYTES: String(MAX_BYTES),
    INBOUND_EMAIL_DOMAIN: 'inbound.example.test',
  }
  testApp = await startTestApp({ env })
  pool = testApp.database.pool
  receiver = await startSmtpReceiver({
    db: pool,
    now: () => new Date(),
    logger: pino({ level: 'silent' }),
    settings: inboundEmailSettingsFromConfig(readConfig(env)),
    host: '127.0.0.1',
    port: 0,
  })
})

afterAll(async () => {
  await receiver?.close()
  await testApp?.close()
})

let accounts = 0
const newUser = () => signUp(testApp.baseUrl, `inbound-${(accounts += 1)}@example.com`)

async function applicationFor(user: SignedIn, title: string, company: string): Promise<string> {
  const ids = await insertCatalogue(pool, [{ title, company, postedDaysAgo: 1 }])
  const { rows } = await pool.query<{ id: string }>(
    `insert into public.job_applications (user_id, job_id, status) values ($1, $2, 'APPLIED')
     returning id`,
    [user.id, ids.get(title)],
  )
  return rows[0]!.id
}

const statusOf = async (applicationId: string) =>
  (
    await pool.query<{ status: string }>(
      'select status from public.job_applications where id = $1',
      [applicationId],
    )
  ).rows[0]!.status

async function addressOf(user: SignedIn): Promise<string> {
  const answer = await api<{ address: string }>(testApp.baseUrl, user, 'emails/inbound-address')
  expect(answer.status).toBe(200)
  return answer.body.address
}

function transport() {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: receiver.port,
    secure: false,
    ignoreTLS: true,
  })
}

const REJECTION = {
  from: 'Lena Hartmann <talent@northwind-robotics.com>',
  subject: 'Your application for Backend Engineer at Northwind Robotics',
  text: [
    'Dear Sam,',
    '',
    'Thank you for your interest in the Backend Engineer position at Northwind Robotics and for the time you spent on your application.',
    '',
    'After careful consideration, we regret to inform you that we have decided not to move forward with your application. We have chosen to pursue other candidates whose experience more closely matches our current needs.',
    '',
    'We wish you every success in your job search.',
    '',
    'Kind regards,',
    'Lena Hartmann',
    'Talent Acquisition, Northwind Robotics',
  ].join('\n'),
}

const INVITATION = {
  from: 'Marta Ruiz <marta@quillfeather.io>',
  subject: 'Interview invitation: Data Analyst at Quillfeather',
  text: [
    'Hello Sam,',
    '',
    'Thank you for applying for the Data Analyst role at Quillfeather. We were impressed by your background and would like to invite you to an interview with our analytics team.',
    '',
    'Could you let us know your availability next week for a 45-minute video call?',
    '',
    'Best regards,',
    'Marta Ruiz',
    'People team, Quillfeather',
  ].join('\n'),
}

function rawMessage(parts: {
  from: string
  to: string
  subject: string
  text: string
  id: string
}) {
  return [
    `From: ${parts.from}`,
    `To: ${parts.to}`,
    `Subject: ${parts.subject}`,
    `Message-ID: <${parts.id}>`,
    'Date: Tue, 24 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    parts.text,
    '',
  ].join('\r\n')
}

async function reviewItems(user: SignedIn) {
  const answer = await api<{
    items: {
      id: string
      subject: string
      guess: { type: string; company: string | null; confidence: number }
      candidates: unknown[]
    }[]
  }>(testApp.baseUrl, user, 'emails/review')
  expect(answer.status).toBe(200)
  return answer.body.items
}

describe('the inbound address', () => {
  it('is private, stable until rotated, and the old one is refused after a rotation', async () => {
    const user = await newUser()
    const first = await addressOf(user)
    expect(first).toMatch(/^[a-z2-7]{24}@inbound\.example\.test$/)
    expect(await addressOf(user)).toBe(first)
    const other = await addressOf(await newUser())
    expect(other).not.toBe(first)

    const rotated = await api<{ address: string }>(
      testApp.baseUrl,
      user,
      'emails/inbound-address/rotate',
      { method: 'POST' },
    )
    expect(rotated.status).toBe(200)
    expect(rotated.body.address).not.toBe(first)
    expect(await addressOf(user)).toBe(rotated.body.address)
    await expect(
      transport().sendMail({ ...REJECTION, to: first, messageId: '<old-address@test>' }),
    ).rejects.toMatchObject({ responseCode: 550 })
  })

  it('needs a signed-in user', async () => {
    const answer = await api(testApp.baseUrl, null, 'emails/inbound-address')
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ code: 'not_authenticated' })
  })
})

describe('the SMTP receiver', () => {
  it('turns a forwarded rejection into a rejection_received event of the matching application', async () => {
    const user = await newUser()
    const matching = await applicationFor(user, 'Backend Engineer', 'Northwind Robotics GmbH')
    const other = await applicationFor(user, 'Data Analyst', 'Quillfeather')
    const to = await addressOf(user)

    const info = await transport().sendMail({ ...REJECTION, to, messageId: '<rej-1@northwind>' })
    expect(info.accepted).toEqual([to])

    expect(await statusOf(matching)).toBe('REJECTED')
    expect(await statusOf(other)).toBe('APPLIED')
    const { rows: emails } = await pool.query<{ id: string; review_status: string }>(
      'select id, review_status from public.inbound_emails where user_id = $1',
      [user.id],
    )
    expect(emails.map((email) => email.review_status)).toEqual(['event_recorded'])
    const { rows: events } = await pool.query<{ type: string; payload: { emailId: string } }>(
      `select type, payload from public.job_application_events where job_application_id = $1`,
      [matching],
    )
    expect(events).toEqual([
      { type: 'rejection_received', payload: { emailId: emails[0]!.id, source: 'inbound_email' } },
    ])

    // The same message delivered again is stored once and records nothing more.
    await transport().sendMail({ ...REJECTION, to, messageId: '<rej-1@northwind>' })
    const { rows: count } = await pool.query<{ n: number }>(
      `select count(*)::int as n from public.job_application_events where job_application_id = $1`,
      [matching],
    )
    expect(count[0]!.n).toBe(1)
  })

  it('refuses an unknown recipient at RCPT time with 550', async () => {
    const error = await transport()
      .sendMail({ ...REJECTION, to: 'abcdefghijklmnopqrstuvwx@inbound.example.test' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ responseCode: 550, command: 'RCPT TO' })
    const other = await transport()
      .sendMail({ ...REJECTION, to: 'someone@elsewhere.example' })
      .catch((caught: unknown) => caught)
    expect(other).toMatchObject({ responseCode: 550 })
  })

  it('refuses a message over INBOUND_EMAIL_MAX_BYTES with 552 and stores nothing', async () => {
    const user = await newUser()
    const to = await addressOf(user)
    const error = await transport()
      .sendMail({ ...REJECTION, to, text: 'x'.repeat(MAX_BYTES + 1000) })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ responseCode: 552 })
    const { rows } = await pool.query('select 1 from public.inbound_emails where user_id = $1', [
      user.id,
    ])
    expect(rows).toHaveLength(0)
  })

  it('puts an invitation for no tracked application in the review inbox; confirming moves the status', async () => {
    const user = await newUser()
    const unrelated = await applicationFor(user, 'Backend Engineer', 'Northwind Robotics')
    const to = await addressOf(user)
    await transport().sendMail({
      ...INVITATION,
      from: 'Marta Ruiz <marta@mail.example.net>',
      subject: 'Interview invitation',
      text: INVITATION.text.replaceAll('Quillfeather', 'our company'),
      to,
    })
    expect(await statusOf(unrelated)).toBe('APPLIED')
    const items = await reviewItems(user)
    expect(items).toHaveLength(1)
    expect(items[0]!.guess.type).toBe('interview_invitation')

    // Corrected to the application the user knows it is about.
    const confirmed = await api(testApp.baseUrl, user, `emails/review/${items[0]!.id}/confirm`, {
      method: 'POST',
      body: { jobApplicationId: unrelated, type: 'interview_invitation' },
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toEqual({ jobApplicationId: unrelated, status: 'INTERVIEW' })
    expect(await statusOf(unrelated)).toBe('INTERVIEW')
    expect(await reviewItems(user)).toHaveLength(0)

    const again = await api(testApp.baseUrl, user, `emails/review/${items[0]!.id}/confirm`, {
      method: 'POST',
      body: { jobApplicationId: unrelated, type: 'interview_invitation' },
    })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'review_item_resolved' })
  })

  it('never moves a status on a low-confidence guess: it waits for review, and can be dismissed', async () => {
    const user = await newUser()
    const application = await applicationFor(user, 'Lab Technician', 'Trellis Bio')
    const to = await addressOf(user)
    // A terse rejection ("we will not be moving your application to the next phase"): the
    // classifier reads rejection_received, but only at 0.77, under the 0.8 that moves a status.
    const raw = await readFile(
      new URL('../email-classifier/fixtures/c-en-next-phase-not.eml', import.meta.url),
    )
    await transport().sendMail({ envelope: { from: 'no-reply@hire.lever.co', to: [to] }, raw })
    expect(await statusOf(application)).toBe('APPLIED')
    const items = await reviewItems(user)
    expect(items).toHaveLength(1)
    expect(items[0]!.guess).toMatchObject({ type: 'rejection_received', company: 'Trellis Bio' })
    expect(items[0]!.guess.confidence).toBeLessThan(0.8)
    expect(items[0]!.candidates).toEqual([
      expect.objectContaining({ id: application, company: 'Trellis Bio' }),
    ])
    const dismissed = await api(testApp.baseUrl, user, `emails/review/${items[0]!.id}/dismiss`, {
      method: 'POST',
    })
    expect(dismissed.status).toBe(204)
    expect(await reviewItems(user)).toHaveLength(0)
    expect(await statusOf(application)).toBe('APPLIED')
  })

  it('puts a message of type other in the review inbox without touching any status', async () => {
    const user = await newUser()
    const application = await applicationFor(user, 'Backend Engineer', 'Northwind Robotics')
    const to = await addressOf(user)
    await transport().sendMail({
      from: 'Lena <talent@northwind-robotics.com>',
      to,
      subject: 'Quick question',
      text: 'Hi Sam, are you around next week? Let me know.\n\nLena',
    })
    expect(await statusOf(application)).toBe('APPLIED')
    expect(await reviewItems(user)).toHaveLength(1)
  })
})

describe('the webhook', () => {
  const post = (body: string, headers: Record<string, string>, query = '') =>
    fetch(`${testApp.baseUrl}/api/emails/inbound${query}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', ...headers },
      body,
    })

  it('accepts a raw message with the secret and files it for the recipient', async () => {
    const user = await newUser()
    const application = await applicationFor(user, 'Data Analyst', 'Quillfeather')
    const to = await addressOf(user)
    const response = await post(rawMessage({ ...INVITATION, to, id: 'hook-1@quillfeather.io' }), {
      'x-inbound-secret': SECRET,
    })
    expect(response.status).toBe(202)
    const body = (await response.json()) as { results: { emailId: string; status: string }[] }
    expect(body.results.map((result) => result.status)).toEqual(['event_recorded'])
    expect(body.results[0]!.emailId).toMatch(/^[0-9a-f-]{36}$/)
    expect(await statusOf(application)).toBe('INTERVIEW')
  })

  it('stores HTML only sanitised, and links a reply to the application of its thread', async () => {
    const user = await newUser()
    const application = await applicationFor(user, 'Data Analyst', 'Quillfeather')
    const to = await addressOf(user)
    const html = [
      '<p onclick="steal()">Hello Sam,</p><script>alert(1)</script>',
      '<img src="https://tracker.example/pixel.gif">',
      '<a href="javascript:alert(2)">x</a><a href="https://quillfeather.io/jobs">jobs</a>',
      '<style>p { color: red }</style><iframe src="https://evil.example"></iframe>',
    ].join('')
    const first = await post(
      [
        'From: Marta Ruiz <marta@quillfeather.io>',
        `To: ${to}`,
        'Subject: A quick note',
        'Message-ID: <thread-1@quillfeather.io>',
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        '',
        html,
        '',
      ].join('\r\n'),
      { 'x-inbound-secret': SECRET },
    )
    expect(first.status).toBe(202)
    const { rows } = await pool.query<{ html_body: string; review_status: string }>(
      `select html_body, review_status from public.inbound_emails
       where user_id = $1 and message_id = '<thread-1@quillfeather.io>'`,
      [user.id],
    )
    expect(rows[0]!.html_body).not.toMatch(/script|onclick|<img|javascript:|<style|<iframe/i)
    expect(rows[0]!.html_body).toContain('<a href="https://quillfeather.io/jobs"')
    expect(rows[0]!.html_body).toContain('<p>Hello Sam,</p>')
    // Confirmed by the user as a note about the application: the thread now belongs to it.
    const [item] = await reviewItems(user)
    await api(testApp.baseUrl, user, `emails/review/${item!.id}/confirm`, {
      method: 'POST',
      body: { jobApplicationId: application, type: 'note' },
    })

    // The reply names no company the classifier can read, but its thread does.
    const reply = await post(
      [
        'From: Marta <marta@mail.example.net>',
        `To: ${to}`,
        'Subject: Re: A quick note',
        'Message-ID: <thread-2@mail.example.net>',
        'In-Reply-To: <thread-1@quillfeather.io>',
        'References: <thread-1@quillfeather.io>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        INVITATION.text.replaceAll('Quillfeather', 'our team').replaceAll('Data Analyst', 'open'),
        '',
      ].join('\r\n'),
      { 'x-inbound-secret': SECRET },
    )
    expect(reply.status).toBe(202)
    expect(await statusOf(application)).toBe('INTERVIEW')
  })

  it('takes the recipient from the query when the message does not name it', async () => {
    const user = await newUser()
    const to = await addressOf(user)
    const raw = rawMessage({ ...INVITATION, to: 'me@example.com', id: 'hook-2@quillfeather.io' })
    const response = await post(
      raw,
      { 'x-inbound-secret': SECRET, 'content-type': 'text/plain' },
      `?recipient=${encodeURIComponent(to)}`,
    )
    expect(response.status).toBe(202)
    expect(await reviewItems(user)).toHaveLength(1)
  })

  it('refuses a missing or wrong secret, an unknown recipient, a non-message and an oversize body', async () => {
    const user = await newUser()
    const to = await addressOf(user)
    const raw = rawMessage({ ...REJECTION, to, id: 'hook-3@northwind' })
    const cases: [Response, number, string][] = [
      [await post(raw, {}), 401, 'inbound_secret_invalid'],
      [
        await post(raw, { 'x-inbound-secret': 'wrong-secret-wrong-secret' }),
        401,
        'inbound_secret_invalid',
      ],
      [
        await post(rawMessage({ ...REJECTION, to: 'x@example.com', id: 'h4@x' }), {
          'x-inbound-secret': SECRET,
        }),
        422,
        'inbound_recipient_unknown',
      ],
      [await post('just some words', { 'x-inbound-secret': SECRET }), 422, 'email_not_parseable'],
      [
        await post(raw + 'x'.repeat(MAX_BYTES), { 'x-inbound-secret': SECRET }),
        413,
        'payload_too_large',
      ],
    ]
    for (const [response, status, code] of cases) {
      expect(response.status, code).toBe(status)
      expect(await response.json()).toMatchObject({ code })
    }
    const { rows } = await pool.query('select 1 from public.inbound_emails where user_id = $1', [
      user.id,
    ])
    expect(rows).toHaveLength(0)
  })
})

describe('isolation', () => {
  it('keeps one user’s inbound emails and review items from another, on /api and /rest/v1', async () => {
    const owner = await newUser()
    const intruder = await newUser()
    const ownerApplication = await applicationFor(owner, 'Backend Engineer', 'Northwind Robotics')
    const intruderApplication = await applicationFor(intruder, 'Backend Engineer', 'Northwind')
    const to = await addressOf(owner)
    await transport().sendMail({
      from: 'Lena <lena@mail.example.net>',
      to,
      subject: 'Quick question',
      text: 'Hi, are you around next week?',
    })
    const [item] = await reviewItems(owner)
    expect(item).toBeDefined()

    expect(await reviewItems(intruder)).toHaveLength(0)
    for (const action of ['confirm', 'dismiss']) {
      const answer = await api(testApp.baseUrl, intruder, `emails/review/${item!.id}/${action}`, {
        method: 'POST',
        body:
          action === 'confirm'
            ? { jobApplicationId: intruderApplication, type: 'rejection_received' }
            : undefined,
      })
      expect(answer.status, action).toBe(404)
      expect(answer.body).toMatchObject({ code: 'not_found' })
    }
    // The owner cannot attach their email to someone else's application either.
    const foreign = await api(testApp.baseUrl, owner, `emails/review/${item!.id}/confirm`, {
      method: 'POST',
      body: { jobApplicationId: intruderApplication, type: 'rejection_received' },
    })
    expect(foreign.status).toBe(404)
    expect(await statusOf(intruderApplication)).toBe('APPLIED')
    expect(await statusOf(ownerApplication)).toBe('APPLIED')

    const rest = async (user: SignedIn, table: string, init: RequestInit = {}) => {
      const response = await fetch(`${testApp.baseUrl}/rest/v1/${table}`, {
        ...init,
        headers: {
          apikey: testApp.anonKey,
          authorization: `Bearer ${user.accessToken}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
      })
      return { status: response.status, body: await response.json() }
    }
    expect((await rest(owner, 'inbound_emails?select=id')).body).toEqual([{ id: item!.id }])
    expect((await rest(intruder, 'inbound_emails?select=id')).body).toEqual([])
    const intruderAddress = await addressOf(intruder)
    expect((await rest(intruder, 'inbound_email_addresses?select=token')).body).toEqual([
      { token: intruderAddress.split('@')[0] },
    ])
    const patch = await rest(intruder, `inbound_emails?id=eq.${item!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ review_status: 'dismissed' }),
    })
    expect(patch.status).toBeGreaterThanOrEqual(400)
    const ownPatch = await rest(owner, `inbound_emails?id=eq.${item!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ review_status: 'dismissed' }),
    })
    expect(ownPatch.status).toBeGreaterThanOrEqual(400)
    expect(await reviewItems(owner)).toHaveLength(1)
  })
})
