import { z } from 'zod'
import { CreditsResponseSchema } from './credits.ts'

/**
 * Plans, credit packs and the user's subscription (issue 18, ADR 0028). The catalogue is data
 * (`public.credit_plans`): the free plan renews its credits every day; a paid plan grants its
 * credits for every paid billing period; a pack grants its credits once, and they never expire.
 */
export const PLAN_KINDS = ['free', 'subscription', 'pack'] as const
export type PlanKind = (typeof PLAN_KINDS)[number]

/** How often a plan's credits renew (and, for a paid plan, how often it is billed). */
export const PLAN_PERIODS = ['daily', 'weekly', 'monthly', 'quarterly'] as const
export type PlanPeriod = (typeof PLAN_PERIODS)[number]

/** What a plan unlocks; a feature missing from a plan's data is off. */
export const PlanFeaturesSchema = z.object({
  /** May make analysis videos of a resume review. */
  analysisVideos: z.boolean(),
  /** Practice interviews started per ISO week; null: no cap. */
  practiceInterviewsPerWeek: z.number().int().min(0).nullable(),
})
export type PlanFeatures = z.infer<typeof PlanFeaturesSchema>

export const PlanSchema = z.object({
  /** 'free', 'pro_monthly', 'credits_50', …: what checkout takes. */
  id: z.string(),
  kind: z.enum(PLAN_KINDS),
  name: z.string(),
  description: z.string(),
  /** Per period for a plan, once for a pack, in the currency's minor unit (cents). */
  priceCents: z.number().int().min(0),
  /** ISO 4217, lower case ('usd'). */
  currency: z.string(),
  period: z.enum(PLAN_PERIODS),
  /** Credits per period (a plan) or in the pack; null: unlimited. */
  credits: z.number().int().min(0).nullable(),
  features: PlanFeaturesSchema,
})
export type Plan = z.infer<typeof PlanSchema>

export const SUBSCRIPTION_PROVIDERS = ['stripe', 'revenuecat'] as const
export type SubscriptionProvider = (typeof SUBSCRIPTION_PROVIDERS)[number]

/** The subscription that sets the user's plan, whichever store sold it. */
export const SubscriptionSummarySchema = z.object({
  plan: z.string(),
  provider: z.enum(SUBSCRIPTION_PROVIDERS),
  /** RevenueCat's store ('APP_STORE', 'PLAY_STORE', …); null for Stripe. */
  store: z.string().nullable(),
  /** Stripe's statuses: 'active', 'trialing', 'past_due', 'canceled', … */
  status: z.string(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  /** It ends at `currentPeriodEnd` and will not renew. */
  cancelAtPeriodEnd: z.boolean(),
  /** The last renewal payment failed: update the card (web: the billing portal). */
  paymentFailed: z.boolean(),
})
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>

/** `GET /api/billing`: what the credits screen and the paywall show. */
export const BillingOverviewSchema = z.object({
  /** Plans and packs for sale, free first, in display order. */
  plans: z.array(PlanSchema),
  /** The plan in force (its id is one of `plans`, or a plan no longer sold). */
  currentPlan: PlanSchema,
  subscription: SubscriptionSummarySchema.nullable(),
  credits: CreditsResponseSchema,
  /** Whether purchases work on this install (Stripe configured). */
  purchasesEnabled: z.boolean(),
})
export type BillingOverview = z.infer<typeof BillingOverviewSchema>

/** `POST /api/stripe/checkout`. */
export const CheckoutRequestSchema = z.object({
  plan: z.string().trim().min(1, 'Choose a plan').max(64),
})
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>

/** `POST /api/stripe/checkout` and `POST /api/stripe/portal`: where to send the browser. */
export const RedirectResponseSchema = z.object({ url: z.url() })
export type RedirectResponse = z.infer<typeof RedirectResponseSchema>

/** `POST /api/stripe/redeem` (spec section 7). */
export const StripeRedeemRequestSchema = z.object({
  stripeCustomerId: z
    .string()
    .trim()
    .regex(/^cus_[A-Za-z0-9]{1,250}$/, 'Must be a Stripe customer id (cus_…)'),
  stripeSubscriptionIds: z
    .array(
      z
        .string()
        .trim()
        .regex(/^sub_[A-Za-z0-9]{1,250}$/, 'Must be a Stripe subscription id (sub_…)'),
    )
    .min(1, 'Give at least one subscription id')
    .max(10, 'Give at most 10 subscription ids'),
})
export type StripeRedeemRequest = z.infer<typeof StripeRedeemRequestSchema>

/** One change of the balance, as the credits screen's history lists it. */
export const CreditHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['grant', 'spend', 'refund', 'expiry']),
  /** Signed: grants and refunds add, spends and expiries subtract. */
  delta: z.number().int(),
  /** 'swipe', 'period_refresh', 'subscription', 'pack', 'referral', 'payment_refunded', … */
  reason: z.string().nullable(),
  balanceAfter: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
})
export type CreditHistoryEntry = z.infer<typeof CreditHistoryEntrySchema>

/** `GET /api/credits/history?before=<id>&limit=<n>`: newest first. */
export const CreditHistoryQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
})
export const CreditHistoryResponseSchema = z.object({
  entries: z.array(CreditHistoryEntrySchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.string().nullable(),
})
export type CreditHistoryResponse = z.infer<typeof CreditHistoryResponseSchema>

/** `details` of a 402 `plan_required` answer. */
export const PlanRequiredDetailsSchema = z.object({
  feature: z.enum(['analysisVideos', 'practiceInterviewsPerWeek']),
  /** The plans for sale that unlock it. */
  plans: z.array(z.string()),
})
export type PlanRequiredDetails = z.infer<typeof PlanRequiredDetailsSchema>
