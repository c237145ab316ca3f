import type { Queryable } from '../../platform/db/pool.ts'
import { type EmailTemplateName, type EmailTemplates, renderEmail } from './templates.ts'

/**
 * The outbox: an email is queued as a row in `public.emails` inside the transaction of the
 * change that causes it, so it is sent if and only if that change commits. Rendering happens
 * here, once; email-delivery.ts takes the row from there to the SMTP server or local mailbox.
 */
export type OutgoingEmail<Name extends EmailTemplateName = EmailTemplateName> = {
  /** The recipient's account, when there is one. */
  userId: string | null
  to: string
  template: Name
  data: EmailTemplates[Name]
  /** Queue this message at most once. */
  dedupeKey?: string
  /** When it was queued, on the caller's clock (the Auth service's, which tests move). */
  queuedAt?: Date
}

export async function enqueueEmail<Name extends EmailTemplateName>(
  tx: Queryable,
  email: OutgoingEmail<Name>,
): Promise<{ id: string } | null> {
  const rendered = renderEmail(email.template, email.data)
  const result = await tx.query<{ id: string }>(
    `insert into public.emails (user_id, to_address, template, template_data, subject, text_body, html_body, dedupe_key, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, now()))
     on conflict (dedupe_key) do nothing
     returning id`,
    [
      email.userId,
      email.to,
      email.template,
      email.data,
      rendered.subject,
      rendered.text,
      rendered.html,
      email.dedupeKey ?? null,
      email.queuedAt ?? null,
    ],
  )
  return result.rows[0] ?? null
}
