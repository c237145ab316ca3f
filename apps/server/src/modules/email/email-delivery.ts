/**
 * Email delivery: from the outbox (`public.emails`) through the job queue to the transport.
 *
 *   enqueueEmail, in the caller's    relay (every 1 s, in every      `email-send` worker
 *   transaction                      server process)                 (pg-boss)
 *   ─────────────────────────▶  queued ──────────────────────▶ sending ─────────────────▶ sent
 *                                  row locked, flipped and its          attempts + 1, then
 *                                  job inserted in ONE transaction      the transport
 *                                                                            │ throws: pg-boss
 *                                                                            │ retries with
 *   `email-undeliverable` (dead-letter queue) ◀── retries used up ───────────┘ exponential
 *   marks the row failed                          or job expired               back-off
 *
 * Why nothing is lost or sent twice:
 * - A rolled-back transaction leaves no row, so it is never sent; a committed row is due at once.
 * - The relay locks due rows with FOR UPDATE SKIP LOCKED and marks them `sending` in the same
 *   transaction that inserts their jobs: two processes never hand over the same row, and a crash
 *   before the commit leaves the rows `queued` for the next sweep; after it, pg-boss owns them.
 * - pg-boss gives a job to one worker at a time. A worker that dies mid-job lets the job expire,
 *   and it is retried; a worker only sends a row that is still `sending`.
 * - When the retries are used up, by errors or by expiry, pg-boss moves the job to the
 *   dead-letter queue, whose worker marks the row `failed`. A permanent SMTP refusal (5xx) is
 *   `failed` at once, since sending it again would be refused again.
 * - The one unavoidable gap: a process that dies after the SMTP server accepted a message but
 *   before `sent` was recorded sends it again on the retry (at least once, never zero times).
 */
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { type JobFeature, pgBossDb } from '../../platform/job-queue.ts'
import type { Logger } from '../../platform/logger.ts'
import { emailsSentTotal } from '../../platform/metrics.ts'
import { type EmailTransport, isPermanentFailure } from './transport.ts'

export const EMAIL_QUEUES = { send: 'email-send', undeliverable: 'email-undeliverable' } as const

export type EmailDeliveryTiming = {
  /** How often the relay looks for due rows. */
  relayIntervalMs: number
  /** Attempts after the first one. */
  retryLimit: number
  /** The first retry waits 1–2× this, each next one twice as long (pg-boss's back-off). */
  retryDelaySeconds: number
  /** An attempt still running after this long counts as failed (its process may have died). */
  expireInSeconds: number
}

/** Six attempts over about half an hour: 30 s, 1, 2, 4 and 8 minutes apart (plus jitter). */
export const DEFAULT_EMAIL_DELIVERY_TIMING: EmailDeliveryTiming = {
  relayIntervalMs: 1_000,
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
}

/** Rows handed over per relay transaction. */
const RELAY_BATCH_SIZE = 100

const SendJobData = z.object({ emailId: z.uuid() })

type OutboxMessage = {
  to_address: string
  template: string
  subject: string
  text_body: string
  html_body: string | null
}

export function emailDelivery(options: {
  db: Database
  logger: Logger
  transport: EmailTransport
  timing?: Partial<EmailDeliveryTiming>
}): JobFeature {
  const { db, logger, transport } = options
  const timing = { ...DEFAULT_EMAIL_DELIVERY_TIMING, ...options.timing }

  /** Hands due `queued` rows to the send queue; returns how many. */
  async function handOverDueEmails(boss: PgBoss): Promise<number> {
    return withTransaction(db, async (tx) => {
      const due = await tx.query<{ id: string }>(
        `update public.emails set status = 'sending'
         where id in (
           select id from public.emails
           where status = 'queued' and send_after <= now()
           order by send_after
           limit $1
           for update skip locked)
         returning id`,
        [RELAY_BATCH_SIZE],
      )
      if (due.rows.length > 0) {
        await boss.insert(
          due.rows.map((row) => ({ name: EMAIL_QUEUES.send, data: { emailId: row.id } })),
          { db: pgBossDb(tx) },
        )
      }
      return due.rows.length
    })
  }

  async function send(job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const { emailId } = SendJobData.parse(job.data)
    const claimed = await db.query<OutboxMessage>(
      `update public.emails set attempts = attempts + 1
       where id = $1 and status = 'sending'
       returning to_address, template, subject, text_body, html_body`,
      [emailId],
    )
    const email = claimed.rows[0]
    if (!email) {
      return // Already settled by an earlier run of this job.
    }
    try {
      await transport.send({
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body,
      })
    } catch (error) {
      const permanent = isPermanentFailure(error)
      await db.query(
        `update public.emails
         set last_error = $2, status = case when $3 then 'failed' else status end
         where id = $1`,
        [emailId, error instanceof Error ? error.message : String(error), permanent],
      )
      emailsSentTotal.inc({ template: email.template, outcome: permanent ? 'refused' : 'retry' })
      if (permanent) {
        logger.warn({ err: error, emailId }, 'email refused for good')
        return
      }
      throw error
    }
    // Unconditional: a message that went out is `sent`, even if its job had already expired.
    await db.query(`update public.emails set status = 'sent', sent_at = now() where id = $1`, [
      emailId,
    ])
    emailsSentTotal.inc({ template: email.template, outcome: 'sent' })
    logger.info({ emailId, transport: transport.name }, 'email sent')
  }

  async function markUndeliverable(job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const { emailId } = SendJobData.parse(job.data)
    await db.query(
      `update public.emails
       set status = 'failed', last_error = coalesce(last_error, $2)
       where id = $1 and status = 'sending'`,
      [emailId, 'the last attempt did not finish in time'],
    )
    logger.warn({ emailId }, 'email undeliverable after every retry')
  }

  return {
    queues: [
      { name: EMAIL_QUEUES.undeliverable, policy: {}, work: markUndeliverable },
      {
        name: EMAIL_QUEUES.send,
        policy: {
          retryLimit: timing.retryLimit,
          retryDelay: timing.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: timing.expireInSeconds,
          deadLetter: EMAIL_QUEUES.undeliverable,
        },
        work: send,
        // SMTP round trips are slow and independent: several at once keep a burst moving.
        concurrency: 10,
      },
    ],
    tasks: [
      {
        name: 'email-relay',
        intervalMs: timing.relayIntervalMs,
        run: async (boss) => {
          // A full batch means more may be waiting: keep going until the backlog is drained.
          while ((await handOverDueEmails(boss)) === RELAY_BATCH_SIZE) {
            continue
          }
        },
      },
    ],
  }
}
