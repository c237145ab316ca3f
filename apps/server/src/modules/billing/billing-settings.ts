/**
 * Billing's settings (ADR 0028) and the Stripe client made from them.
 *
 * Stripe is on when `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET` are both set;
 * `STRIPE_API_URL` points the official SDK at another host (the local Stripe stand-in of the
 * demo and the tests). Off, plans are still shown and checkout answers 404
 * `billing_not_configured`. RevenueCat's webhook answers only when
 * `REVENUECAT_WEBHOOK_AUTH` is set.
 */
import Stripe from 'stripe'
import { type Config, ConfigError } from '../../platform/config.ts'

export type StripeSettings = {
  secretKey: string
  webhookSecret: string
  /** Another API host than api.stripe.com (`http://127.0.0.1:PORT` for the stand-in). */
  apiUrl: string | null
}

export type BillingSettings = {
  stripe: StripeSettings | null
  /** The exact `Authorization` header RevenueCat sends; null: the webhook is off. */
  revenueCatAuthorization: string | null
  /** RevenueCat's SANDBOX events change nothing (on production installs). */
  ignoreSandboxEvents: boolean
  /** Where checkout and the portal send the browser back. */
  appUrl: string
}

export function billingSettingsFromConfig(config: Config, appUrl: string): BillingSettings {
  const secretKey = config.STRIPE_SECRET_KEY
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET
  if ((secretKey === undefined) !== (webhookSecret === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both, or neither',
    )
  }
  return {
    stripe:
      secretKey && webhookSecret
        ? { secretKey, webhookSecret, apiUrl: config.STRIPE_API_URL ?? null }
        : null,
    revenueCatAuthorization: config.REVENUECAT_WEBHOOK_AUTH ?? null,
    ignoreSandboxEvents: config.PUBLIC_APP_ENV === 'production',
    appUrl,
  }
}

/** The official SDK, on api.stripe.com or the host of `apiUrl`. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const host = settings.apiUrl ? new URL(settings.apiUrl) : null
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'jobsearch-assistant' },
    ...(host && {
      host: host.hostname,
      port: Number(host.port || (host.protocol === 'https:' ? 443 : 80)),
      protocol: host.protocol === 'https:' ? 'https' : 'http',
    }),
  })
}
