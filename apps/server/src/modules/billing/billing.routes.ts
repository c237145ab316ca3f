/**
 * Billing's routes (issue 18, ADR 0028; wire shapes in packages/contracts/src/billing.ts):
 * - GET /api/billing → the plans for sale, the user's plan, subscription and credits;
 * - POST /api/stripe/checkout {plan} → {url} of a Stripe Checkout page;
 * - POST /api/stripe/portal → {url} of Stripe's customer portal;
 * - POST /api/stripe/redeem {stripeCustomerId, stripeSubscriptionIds} (spec section 7) → the
 *   overview, with the subscriptions attached;
 * - POST /api/webhooks/stripe (raw body, `stripe-signature`) and POST /api/webhooks/revenuecat
 *   (`Authorization`) → 200 `{received, duplicate}` at once; the event is handled in a job.
 */
import { CheckoutRequestSchema, StripeRedeemRequestSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import { withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { ProductApiContext } from '../../platform/product-api.ts'
import { type BillingSettings, createStripeClient } from './billing-settings.ts'
import { receiveRevenueCatEvent } from './revenuecat-webhooks.ts'
import { createCheckout, createPortal, redeemSubscriptions } from './stripe-checkout.service.ts'
import { receiveStripeEvent } from './stripe-webhooks.ts'
import { billingOverview } from './subscriptions.service.ts'

export type BillingRouteDeps = ProductApiContext & { billing: BillingSettings }

/** Webhook bodies are small; Stripe's largest events are a few tens of KB. */
const WEBHOOK_BODY_LIMIT = 512 * 1024

export function registerBillingRoutes(app: FastifyInstance, ctx: BillingRouteDeps) {
  const settings = ctx.billing
  const stripe = settings.stripe ? createStripeClient(settings.stripe) : null
  const deps = { db: ctx.db, now: ctx.now, settings, stripe }

  app.get('/billing', async (request) => {
    const user = await ctx.requireUser(request)
    return billingOverview(ctx.db, user.id, stripe !== null, ctx.now())
  })

  app.post('/stripe/checkout', async (request) => {
    const user = await ctx.requireUser(request)
    const { plan } = CheckoutRequestSchema.parse(request.body)
    return createCheckout(deps, user, plan)
  })

  app.post('/stripe/portal', async (request) => {
    const user = await ctx.requireUser(request)
    return createPortal(deps, user.id)
  })

  app.post('/stripe/redeem', async (request) => {
    const user = await ctx.requireUser(request)
    const body = StripeRedeemRequestSchema.parse(request.body)
    return redeemSubscriptions(deps, user.id, body)
  })

  // Stripe signs the exact bytes it sent: this scope reads JSON bodies raw.
  void app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json'])
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    )
    scope.post('/webhooks/stripe', async (request) => {
      const stripeSettings = settings.stripe
      if (!stripe || !stripeSettings) {
        throw new AppError('billing_not_configured', 'Stripe is not set up on this server')
      }
      const signature = request.headers['stripe-signature']
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const { duplicate } = await withTransaction(ctx.db, (tx) =>
        receiveStripeEvent(
          { stripe, settings: stripeSettings, sendJob: ctx.sendJob },
          tx,
          body,
          typeof signature === 'string' ? signature : undefined,
        ),
      )
      return { received: true, duplicate }
    })
  })

  app.post('/webhooks/revenuecat', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
    const authorization = request.headers.authorization
    const { duplicate } = await withTransaction(ctx.db, (tx) =>
      receiveRevenueCatEvent({ settings, sendJob: ctx.sendJob }, tx, authorization, request.body),
    )
    return { received: true, duplicate }
  })
}
