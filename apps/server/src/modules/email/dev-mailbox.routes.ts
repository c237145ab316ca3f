/**
 * The development mailbox. Without an SMTP server the outbox is the mailbox: it shows every
 * queued email with its links, so every emailed link works on one machine (a developer or a
 * browser test clicks it).
 * - GET /dev/mailbox: the messages, newest first (time, to, subject, status);
 * - GET /dev/mailbox/:id: one message, its links as anchors, its HTML in a sandboxed frame;
 * - GET /dev/mailbox/messages.json[?to=address]: the messages with their links, for tooling.
 * Only when PUBLIC_APP_ENV=development and SMTP_URL is unset. Otherwise these paths answer a
 * plain 404 (never the web app's page): the outbox holds other people's sign-in links.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../config.ts'
import type { Database } from '../../db/pool.ts'
import { sendRouteNotFound } from '../../http/error-handler.ts'
import {
  type MailboxMessage,
  mailboxListPage,
  mailboxMessagePage,
  mailboxNotFoundPage,
} from './dev-mailbox.pages.ts'
import { linksIn } from './message-links.ts'

export function devMailboxEnabled(config: Pick<Config, 'PUBLIC_APP_ENV' | 'SMTP_URL'>): boolean {
  return config.PUBLIC_APP_ENV === 'development' && !config.SMTP_URL
}

/** The newest messages shown; older ones stay in the outbox. */
const MAILBOX_SIZE = 200

const MessageParams = z.object({ id: z.string() })
const ListQuery = z.object({ to: z.string().optional() })

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

async function listMessages(db: Database, to: string | undefined): Promise<MailboxMessage[]> {
  const result = await db.query<EmailRow>(
    `select ${COLUMNS} from public.emails
     where $1::text is null or lower(to_address) = lower($1)
     order by created_at desc, id desc
     limit $2`,
    [to ?? null, MAILBOX_SIZE],
  )
  return result.rows.map(toMessage)
}

async function findMessage(db: Database, id: string): Promise<MailboxMessage | null> {
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

function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      // No script at all; inline styles for the page and the emails it frames.
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
    .send(body)
}

export function registerDevMailbox(
  app: FastifyInstance,
  options: { db: Database; enabled: boolean },
) {
  if (!options.enabled) {
    app.get('/dev/mailbox', sendRouteNotFound)
    app.get('/dev/mailbox/*', sendRouteNotFound)
    return
  }
  const { db } = options

  app.get('/dev/mailbox', async (_request, reply) =>
    sendPage(reply, 200, mailboxListPage(await listMessages(db, undefined))),
  )

  app.get('/dev/mailbox/messages.json', async (request) => {
    const { to } = ListQuery.parse(request.query)
    const messages = await listMessages(db, to)
    return messages.map((message) => ({
      id: message.id,
      to: message.to,
      subject: message.subject,
      template: message.template,
      status: message.status,
      links: message.links,
      created_at: message.created_at,
    }))
  })

  app.get('/dev/mailbox/:id', async (request, reply) => {
    const { id } = MessageParams.parse(request.params)
    const message = await findMessage(db, id)
    return message
      ? sendPage(reply, 200, mailboxMessagePage(message))
      : sendPage(reply, 404, mailboxNotFoundPage())
  })
}
