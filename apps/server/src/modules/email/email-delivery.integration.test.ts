import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../../../test/database.ts'
import { findFreePort } from '../../../../../test/free-port.ts'
import { withTransaction } from '../../platform/db/pool.ts'
import { type JobQueue, startJobQueue } from '../../platform/job-queue.ts'
import { EMAIL_QUEUES, type EmailDeliveryTiming, emailDelivery } from './email-delivery.ts'
import { enqueueEmail } from './outbox.ts'
import { startSmtpTestServer } from '../../../test/smtp-test-server.ts'
import { type EmailTransport, createSmtpTransport } from './transport.ts'

/** Back-off in seconds, not minutes: the first retry waits 1–2 s, the second 2–4 s. */
const FAST: EmailDeliveryTiming = {
  relayIntervalMs: 100,
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireInSeconds: 5,
}
const FROM = 'Job Search Assistant <no-reply@jobsearch.test>'
const logger = pino({ level: 'silent' })

type OutboxRow = {
  id: string
  to_address: string
  status: string
  attempts: number
  last_error: string | null
  sent_at: Date | null
  subject: string
  text_body: string
  html_body: string
}

describe('email delivery: outbox → pg-boss → SMTP', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    // Queues first, then the servers they talk to, then the databases.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function freshDatabase(): Promise<TestDatabase> {
    const database = await createTestDatabase()
    cleanups.push(() => database.drop())
    return database
  }

  async function smtpServer(options?: Parameters<typeof startSmtpTestServer>[0]) {
    const server = await startSmtpTestServer(options)
    cleanups.push(() => server.close())
    return server
  }

  async function startDelivery(
    database: TestDatabase,
    transport: EmailTransport,
    timing: Partial<EmailDeliveryTiming> = {},
  ): Promise<JobQueue> {
    const queue = await startJobQueue({
      db: database.pool,
      logger,
      features: [
        emailDelivery({ db: database.pool, logger, transport, timing: { ...FAST, ...timing } }),
      ],
      pollingIntervalSeconds: 0.5,
      stopTimeoutMs: 1_000,
    })
    cleanups.push(() => queue.stop())
    return queue
  }

  async function enqueueConfirmation(database: TestDatabase, to: string) {
    const queued = await withTransaction(database.pool, (tx) =>
      enqueueEmail(tx, {
        userId: null,
        to,
        template: 'confirmation',
        data: {
          link: `http://127.0.0.1:3000/auth/v1/verify?token=t-${to}&type=signup`,
          code: '123456',
        },
      }),
    )
    if (!queued) throw new Error('the email was not queued')
    return queued.id
  }

  async function rowOf(database: TestDatabase, id: string): Promise<OutboxRow> {
    const result = await database.pool.query<OutboxRow>(
      'select * from public.emails where id = $1',
      [id],
    )
    const row = result.rows[0]
    if (!row) throw new Error(`no email ${id}`)
    return row
  }

  async function waitForStatus(
    database: TestDatabase,
    id: string,
    status: string,
    timeoutMs = 15_000,
  ) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const row = await rowOf(database, id)
      if (row.status === status) return row
      if (Date.now() > deadline) {
        throw new Error(`email ${id} is ${row.status} (${row.last_error}), not ${status}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  it('sends a committed email once over SMTP, with its subject, from, to, text and HTML', async () => {
    const database = await freshDatabase()
    const smtp = await smtpServer()
    await startDelivery(database, createSmtpTransport(smtp.url, FROM))

    const id = await enqueueConfirmation(database, 'ada@example.com')
    const row = await waitForStatus(database, id, 'sent')

    expect(row).toMatchObject({ attempts: 1, last_error: null })
    expect(row.sent_at).toBeInstanceOf(Date)
    expect(smtp.messages).toHaveLength(1)
    const [message] = smtp.messages
    expect(message?.mailFrom).toBe('no-reply@jobsearch.test')
    expect(message?.rcptTo).toEqual(['ada@example.com'])
    expect(message?.headers.from).toBe('Job Search Assistant <no-reply@jobsearch.test>')
    expect(message?.headers.to).toBe('ada@example.com')
    expect(message?.headers.subject).toBe(row.subject)
    expect(message?.text?.trimEnd()).toBe(row.text_body.trimEnd())
    expect(message?.html?.trimEnd()).toBe(row.html_body.trimEnd())
    expect(message?.text).toContain(
      'http://127.0.0.1:3000/auth/v1/verify?token=t-ada@example.com&type=signup',
    )
  })

  it('never sends an email whose transaction rolled back', async () => {
    const database = await freshDatabase()
    const smtp = await smtpServer()
    await startDelivery(database, createSmtpTransport(smtp.url, FROM))

    await expect(
      withTransaction(database.pool, async (tx) => {
        await enqueueEmail(tx, {
          userId: null,
          to: 'rolled-back@example.com',
          template: 'reauthentication',
          data: { code: '000000' },
        })
        throw new Error('the change that caused the email failed')
      }),
    ).rejects.toThrow('the change that caused the email failed')
    // A committed email queued after it has gone out, so the relay has swept past both.
    const committed = await enqueueConfirmation(database, 'committed@example.com')
    await waitForStatus(database, committed, 'sent')

    const rows = await database.pool.query(`select 1 from public.emails where to_address = $1`, [
      'rolled-back@example.com',
    ])
    expect(rows.rowCount).toBe(0)
    expect(smtp.messages.map((message) => message.rcptTo)).toEqual([['committed@example.com']])
  })

  it('sends emails queued while no server ran, as soon as one starts', async () => {
    const database = await freshDatabase()
    const smtp = await smtpServer()
    const id = await enqueueConfirmation(database, 'early@example.com')
    expect((await rowOf(database, id)).status).toBe('queued')

    await startDelivery(database, createSmtpTransport(smtp.url, FROM))
    await waitForStatus(database, id, 'sent')
    expect(smtp.messages).toHaveLength(1)
  })

  it('hands each email to exactly one of two server processes', async () => {
    const database = await freshDatabase()
    const smtp = await smtpServer()
    await Promise.all([
      startDelivery(database, createSmtpTransport(smtp.url, FROM)),
      startDelivery(database, createSmtpTransport(smtp.url, FROM)),
    ])

    const recipients = Array.from({ length: 20 }, (_, index) => `user${index}@example.com`)
    const ids = await Promise.all(recipients.map((to) => enqueueConfirmation(database, to)))
    for (const id of ids) await waitForStatus(database, id, 'sent')

    const delivered = smtp.messages.flatMap((message) => message.rcptTo)
    expect(delivered.toSorted()).toEqual(recipients.toSorted())
    const attempts = await database.pool.query<{ attempts: number }>(
      'select attempts from public.emails',
    )
    expect(attempts.rows.every((row) => row.attempts === 1)).toBe(true)
  })

  it('retries a temporarily refused email with growing delays, then marks it failed', async () => {
    const database = await freshDatabase()
    const smtp = await smtpServer({ refuseWith: '451 4.3.0 Try again later' })
    await startDelivery(database, createSmtpTransport(smtp.url, FROM))

    const id = await enqueueConfirmation(database, 'busy@example.com')
    const row = await waitForStatus(database, id, 'failed', 20_000)

    expect(row.attempts).toBe(3)
    expect(row.last_error).toContain('451 4.3.0 Try again later')
    expect(row.sent_at).toBeNull()
    expect(smtp.attempts).toHaveLength(3)
    const [first, second, third] = smtp.attempts.map((date) => date.getTime())
    // pg-boss's exponential back-off: 1–2 s, then 2–4 s (with 1 s as the base delay).
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(1_000)
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(2_000)
  })

  it('retries when the SMTP server cannot be reached, then marks the email failed', async () => {
    const database = await freshDatabase()
    const closedPort = await findFreePort()
    await startDelivery(database, createSmtpTransport(`smtp://127.0.0.1:${closedPort}`, FROM), {
      retryLimit: 1,
    })

    const id = await enqueueConfirmation(database, 'unreachable@example.com')
    const row = await waitForStatus(database, id, 'failed')

    expect(row.attempts).toBe(2)
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i)
  })

  it('fails a permanently refused email at once, without retrying it', async () => {
    const database = await freshDatabase()
    const smtp = await smtpServer({ refuseWith: '550 5.1.1 No such mailbox' })
    await startDelivery(database, createSmtpTransport(smtp.url, FROM))

    const id = await enqueueConfirmation(database, 'nobody@example.com')
    const row = await waitForStatus(database, id, 'failed')

    expect(row.attempts).toBe(1)
    expect(row.last_error).toContain('550 5.1.1 No such mailbox')
    // Its job completed, so no retry is pending.
    const jobs = await database.pool.query<{ state: string }>(
      `select state from pgboss.job where name = $1 and data->>'emailId' = $2`,
      [EMAIL_QUEUES.send, id],
    )
    expect(jobs.rows.map((job) => job.state)).toEqual(['completed'])
    expect(smtp.attempts).toHaveLength(1)
  })

  it('marks an email failed when its last attempt hangs past the expiry', async () => {
    const database = await freshDatabase()
    const smtp = await smtpServer({ silent: true })
    await startDelivery(database, createSmtpTransport(smtp.url, FROM), {
      retryLimit: 0,
      expireInSeconds: 1,
    })

    const id = await enqueueConfirmation(database, 'slow@example.com')
    const row = await waitForStatus(database, id, 'failed')

    expect(row.attempts).toBe(1)
    expect(row.last_error).toBe('the last attempt did not finish in time')
  })
})
