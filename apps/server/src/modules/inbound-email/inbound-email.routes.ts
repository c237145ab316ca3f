import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../platform/errors/app-error.ts'
import type { ProductApiContext } from '../../platform/product-api.ts'
import {
  confirmReviewItem,
  dismissReviewItem,
  EVENT_TYPES,
  getInboundAddress,
  listReviewItems,
  receiveInboundEmail,
  rotateInboundAddress,
} from './inbound-email.service.ts'
import type { InboundEmailSettings } from './inbound-email.settings.ts'

/**
 * Inbound email under /api (README "Inbound email"):
 * - GET /api/emails/inbound-address: `{address}`, the user's private forwarding address
 *   (created on first read);
 * - POST /api/emails/inbound-address/rotate: `{address}`, a new one; the old one is refused;
 * - POST /api/emails/inbound: the provider webhook. Body: the raw RFC 822 message
 *   (`message/rfc822` or `text/plain`, at most INBOUND_EMAIL_MAX_BYTES, else 413). Header
 *   `x-inbound-secret: <INBOUND_EMAIL_SECRET>` (401 `inbound_secret_invalid`; 404
 *   `inbound_email_disabled` when the secret is unset). The recipient: query `recipient` or
 *   header `x-inbound-recipient`, else the message's Delivered-To, X-Original-To, To and Cc.
 *   202 `{results: [{emailId, status}]}`; 422 `inbound_recipient_unknown` or
 *   `email_not_parseable`;
 * - GET /api/emails/review: `{items}`, the review inbox (pending messages, newest first);
 * - POST /api/emails/review/:id/confirm `{jobApplicationId, type}`: records the event (type
 *   interview_invitation, offer_received, rejection_received or note) linked to the email;
 *   200 `{jobApplicationId, status}`; 404 `not_found`, 409 `review_item_resolved`;
 * - POST /api/emails/review/:id/dismiss: 204; 404, 409 as above.
 */
const ItemParams = z.object({ id: z.uuid() })
const ConfirmBody = z.strictObject({
  jobApplicationId: z.uuid(),
  type: z.enum([...EVENT_TYPES, 'note']),
})
const WebhookQuery = z.object({ recipient: z.string().max(320).optional() })

const digest = (value: string) => createHash('sha256').update(value).digest()

function checkSecret(request: FastifyRequest, secret: string | null) {
  if (secret === null) {
    throw new AppError(
      'inbound_email_disabled',
      'The inbound email webhook is off on this server (INBOUND_EMAIL_SECRET is not set)',
    )
  }
  const given = request.headers['x-inbound-secret']
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(secret))) {
    throw new AppError('inbound_secret_invalid', 'Missing or wrong x-inbound-secret header')
  }
}

export function registerInboundEmailRoutes(
  app: FastifyInstance,
  deps: ProductApiContext & { inboundEmail: InboundEmailSettings },
) {
  const settings = deps.inboundEmail

  app.get('/emails/inbound-address', async (request) => {
    const user = await deps.requireUser(request)
    return { address: await getInboundAddress(deps.db, settings, user.id) }
  })

  app.post('/emails/inbound-address/rotate', async (request) => {
    const user = await deps.requireUser(request)
    return { address: await rotateInboundAddress(deps.db, settings, user.id) }
  })

  app.get('/emails/review', async (request) => {
    const user = await deps.requireUser(request)
    return { items: await listReviewItems(deps.db, user.id) }
  })

  app.post('/emails/review/:id/confirm', async (request) => {
    const user = await deps.requireUser(request)
    const { id } = ItemParams.parse(request.params)
    const body = ConfirmBody.parse(request.body)
    return confirmReviewItem(deps, user.id, id, body)
  })

  app.post('/emails/review/:id/dismiss', async (request, reply) => {
    const user = await deps.requireUser(request)
    const { id } = ItemParams.parse(request.params)
    await dismissReviewItem(deps, user.id, id)
    return reply.status(204).send()
  })

  // The webhook reads its body raw, in its own scope (text/plain is not a string here).
  void app.register(async (scope) => {
    scope.removeContentTypeParser(['text/plain'])
    scope.addContentTypeParser(
      ['message/rfc822', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: settings.maxBytes },
      (_request, body, done) => done(null, body),
    )
    scope.post('/emails/inbound', async (request, reply) => {
      checkSecret(request, settings.webhookSecret)
      const { recipient } = WebhookQuery.parse(request.query)
      const header = request.headers['x-inbound-recipient']
      const named = recipient ?? (typeof header === 'string' ? header : undefined)
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError(
          'unsupported_media_type',
          'Send the raw message as message/rfc822 or text/plain',
        )
      }
      const results = await receiveInboundEmail(
        { db: deps.db, now: deps.now, settings },
        { raw: request.body, recipients: named ? [named] : [], via: 'webhook' },
      )
      return reply.status(202).send({
        results: results.map(({ emailId, status }) => ({ emailId, status })),
      })
    })
  })
}
