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
import type { Config } from '../../platform/config.ts'
import type { Database } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { sendRouteNotFound } from '../../platform/errors/error-handler.ts'
import { mailboxListPage, mailboxMessagePage, mailboxNotFoundPage } from './dev-mailbox.pages.ts'
import { findMessage, listMessages } from './emails.repository.ts'

export function devMailboxEnabled(config: Pick<Config, 'PUBLIC_APP_ENV' | 'SMTP_URL'>): boolean {
  return config.PUBLIC_APP_ENV === 'development' && !config.SMTP_URL
}

const MessageParams = z.object({ id: z.string() })
const ListQuery = z.object({ to: z.string().optional() })

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

export function registerDevMailboxRoutes(
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
    if (!message && !(request.headers.accept ?? '').includes('text/html')) {
      // Tooling (not a browser) gets the JSON every other 4xx answers.
      throw new AppError('not_found', `No message ${id} in the development mailbox`)
    }
    return message
      ? sendPage(reply, 200, mailboxMessagePage(message))
      : sendPage(reply.header('x-error-code', 'not_found'), 404, mailboxNotFoundPage())
  })
}
