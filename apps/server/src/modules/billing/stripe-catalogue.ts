/**
 * Puts the plan catalogue into Stripe: for every plan and pack for sale, an active price whose
 * lookup key is the plan's id, with the catalogue's amount, currency and period. A price that
 * already matches is kept; one that does not is replaced (Stripe prices are immutable: a new
 * price takes the lookup key over with `transfer_lookup_key`, on the same product).
 * `npm run billing:stripe-sync` runs it against a real account; the demo runs it against the
 * local stand-in at every start.
 */
import type Stripe from 'stripe'
import type { Queryable } from '../../platform/db/pool.ts'
import { type CataloguePlan, listPlansForSale } from '../credits/index.ts'
import { idOf } from './stripe-sync.ts'

const RECURRENCE: Record<CataloguePlan['period'], Stripe.PriceCreateParams.Recurring> = {
  daily: { interval: 'day', interval_count: 1 },
  weekly: { interval: 'week', interval_count: 1 },
  monthly: { interval: 'month', interval_count: 1 },
  quarterly: { interval: 'month', interval_count: 3 },
}

export type CatalogueSync = { created: string[]; kept: string[] }

export async function syncStripeCatalogue(db: Queryable, stripe: Stripe): Promise<CatalogueSync> {
  const outcome: CatalogueSync = { created: [], kept: [] }
  for (const plan of await listPlansForSale(db)) {
    if (plan.kind === 'free') continue
    const recurring = plan.kind === 'subscription' ? RECURRENCE[plan.period] : null
    const [existing] = (
      await stripe.prices.list({ lookup_keys: [plan.id], active: true, limit: 1 })
    ).data
    if (existing && matches(existing, plan, recurring)) {
      outcome.kept.push(plan.id)
      continue
    }
    const product =
      idOf(existing?.product) ??
      (
        await stripe.products.create({
          name: plan.name,
          ...(plan.description && { description: plan.description }),
          metadata: { plan: plan.id },
        })
      ).id
    await stripe.prices.create({
      product,
      unit_amount: plan.priceCents,
      currency: plan.currency,
      ...(recurring && { recurring }),
      lookup_key: plan.id,
      transfer_lookup_key: true,
      metadata: { plan: plan.id },
    })
    outcome.created.push(plan.id)
  }
  return outcome
}

function matches(
  price: Stripe.Price,
  plan: CataloguePlan,
  recurring: Stripe.PriceCreateParams.Recurring | null,
): boolean {
  return (
    price.unit_amount === plan.priceCents &&
    price.currency === plan.currency &&
    (recurring === null
      ? price.recurring === null
      : price.recurring?.interval === recurring.interval &&
        price.recurring.interval_count === recurring.interval_count)
  )
}
