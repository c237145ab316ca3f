/**
 * The SQL of `public.emails`, which this module owns: the outbox's reads for the development
 * mailbox and the time of the last message of a kind (per-address and per-user limits).
 * Queueing (`outbox.ts`) and delivery (`email-delivery.ts`) write it.
 */
import { z } from 'zod'
import type { Queryable } from '../../platform/db/pool.ts'
import type { MailboxMessage } from './dev-mailbox.pages.ts'
import { linksIn } from './message-links.ts'

/** The newest messages the mailbox shows; older ones stay in the outbox. */
const MAILBOX_SIZE = 200

type EmailRow = {
  id: string
  to_address: string
  subject: string
  template: string
  status: string
  attempts: number
  last_error: string | null
  created_at: Date
  sent_at: Date | null
  text_body: string
  html_body: string | null
}

const COLUMNS = `id, to_address, subject, template, status, attempts, last_error, created_at, sent_at,
  text_body, html_body`

function toMessage(row: EmailRow): MailboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
    text: row.text_body,
    html: row.html_body,
    links: linksIn({ text: row.text_body, html: row.html_body }),
  }
}

export async function listMessages(
  db: Queryable,
  to: string | undefined,
): Promise<MailboxMessage[]> {
  const result = await db.query<EmailRow>(
    `select ${COLUMNS} from public.emails
     where $1::text is null or lower(to_address) = lower($1)
     order by created_at desc, id desc
     limit $2`,
    [to ?? null, MAILBOX_SIZE],
  )
  return result.rows.map(toMessage)
}

export async function findMessage(db: Queryable, id: string): Promise<MailboxMessage | null> {
  // Anything but a UUID names no message (and would make the uuid comparison fail).
  if (!z.uuid().safeParse(id).success) {
    return null
  }
  const result = await db.query<EmailRow>(`select ${COLUMNS} from public.emails where id = $1`, [
    id,
  ])
  const row = result.rows[0]
  return row ? toMessage(row) : null
}

/**
 * When the newest message of one of `templates` was queued to `to` (any case) or for `userId`:
 * the clock that per-address and per-user limits on emails run on. Null when none was.
 */
export async function lastEmailQueuedAt(
  tx: Queryable,
  recipient: { to: string } | { userId: string },
  templates: readonly string[],
): Promise<Date | null> {
  const byAddress = 'to' in recipient
  const result = await tx.query<{ last_sent_at: Date | null }>(
    `select max(created_at) as last_sent_at from public.emails
     where ${byAddress ? 'lower(to_address) = lower($1)' : 'user_id = $1'} and template = any ($2)`,
    [byAddress ? recipient.to : recipient.userId, templates],
  )
  return result.rows[0]?.last_sent_at ?? null
}
