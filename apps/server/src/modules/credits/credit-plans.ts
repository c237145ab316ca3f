/**
 * The plan catalogue, `public.credit_plans` (migrations 20261121003100 and 20261126011000): the
 * free plan, paid plans and credit packs, with their prices and features (ADR 0028).
 *
 * The free plan's allowance and period come from the configuration: the server writes them at
 * every start, where the new-user hook and the period refresh read them, so a change reaches
 * new users at once and everyone else at their next period. Everything else is data, changed
 * with SQL.
 */
import type {
  CreditPeriod,
  Plan,
  PlanFeatures,
  PlanKind,
  PlanPeriod,
  PlanRequiredDetails,
} from '@app/contracts'
import type { Config } from '../../platform/config.ts'
import type { Queryable } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'

export const FREE_PLAN = 'free'

export type FreePlan = {
  /** Credits granted at the start of every period. */
  allowance: number
  period: CreditPeriod
}

export function freePlanFromConfig(config: Config): FreePlan {
  return { allowance: config.FREE_CREDITS_PER_PERIOD, period: config.CREDIT_PERIOD }
}

export async function saveFreePlan(db: Queryable, plan: FreePlan): Promise<void> {
  await db.query(
    `insert into public.credit_plans (plan, allowance, period) values ($1, $2, $3)
     on conflict (plan) do update set allowance = excluded.allowance, period = excluded.period
     where (credit_plans.allowance, credit_plans.period)
       is distinct from (excluded.allowance, excluded.period)`,
    [FREE_PLAN, plan.allowance, plan.period],
  )
}

/** A row of the catalogue, as the server uses it (the `Plan` of the API plus its settings). */
export type CataloguePlan = Plan & {
  /** Among a user's live subscriptions, the highest rank sets their plan. */
  rank: number
  active: boolean
  /** The store products (RevenueCat's `product_id`) that sell this plan on phones. */
  storeProductIds: string[]
}

type PlanRow = {
  plan: string
  kind: PlanKind
  name: string
  description: string
  price_cents: number
  currency: string
  period: PlanPeriod
  allowance: number | null
  features: Partial<PlanFeatures>
  store_product_ids: string[]
  rank: number
  active: boolean
}

const PLAN_COLUMNS = `plan, kind, name, description, price_cents, currency, period, allowance,
  features, store_product_ids, rank, active`

/** A feature a plan's data does not name is off (and a cap it does not name is zero). */
const NO_FEATURES: PlanFeatures = { analysisVideos: false, practiceInterviewsPerWeek: 0 }

/**
 * The plans and packs for sale: the free plan first, then in the catalogue's display order.
 * Other plans of kind 'free' (an operator's staff plan, say) are given, never sold.
 */
export async function listPlansForSale(db: Queryable): Promise<CataloguePlan[]> {
  const result = await db.query<PlanRow>(
    `select ${PLAN_COLUMNS} from public.credit_plans
     where active and (kind <> 'free' or plan = $1)
     order by kind <> 'free', sort_order, price_cents, plan`,
    [FREE_PLAN],
  )
  return result.rows.map(toPlan)
}

/** One plan of the catalogue by id, for sale or not; null if there is none. */
export async function readPlan(db: Queryable, planId: string): Promise<CataloguePlan | null> {
  const result = await db.query<PlanRow>(
    `select ${PLAN_COLUMNS} from public.credit_plans where plan = $1`,
    [planId],
  )
  const row = result.rows[0]
  return row ? toPlan(row) : null
}

/** The plan a phone store's product sells (RevenueCat's `product_id`); null if none. */
export async function planForStoreProduct(
  db: Queryable,
  productId: string,
): Promise<CataloguePlan | null> {
  const result = await db.query<PlanRow>(
    `select ${PLAN_COLUMNS} from public.credit_plans
     where $1 = any (store_product_ids)
     order by active desc, rank desc
     limit 1`,
    [productId],
  )
  const row = result.rows[0]
  return row ? toPlan(row) : null
}

/** The plan the user's balance is on now (the free plan when it has left the catalogue). */
export async function readUserPlan(db: Queryable, userId: string): Promise<CataloguePlan> {
  const result = await db.query<PlanRow>(
    `select ${PLAN_COLUMNS} from public.credit_plans
     where plan in ((select plan from public.credit_balances where user_id = $1), $2)
     order by plan = $2
     limit 1`,
    [userId, FREE_PLAN],
  )
  const row = result.rows[0]
  if (!row) {
    // The server writes the free plan at every start (saveFreePlan).
    throw new Error('public.credit_plans has no free plan')
  }
  return toPlan(row)
}

/**
 * 402 `plan_required` unless the user's plan has `feature` on (a boolean feature) or a cap above
 * `used` (a counted one). The answer names the plans for sale that would unlock it.
 */
export async function requirePlanFeature(
  db: Queryable,
  userId: string,
  feature: keyof PlanFeatures,
  used = 0,
): Promise<void> {
  const plan = await readUserPlan(db, userId)
  if (allows(plan.features, feature, used)) {
    return
  }
  const unlocking = (await listPlansForSale(db))
    .filter((candidate) => candidate.kind === 'subscription')
    .filter((candidate) => allows(candidate.features, feature, used))
    .map((candidate) => candidate.id)
  const details: PlanRequiredDetails = { feature, plans: unlocking }
  throw new AppError('plan_required', FEATURE_REFUSALS[feature](plan), { details })
}

const FEATURE_REFUSALS: Record<keyof PlanFeatures, (plan: CataloguePlan) => string> = {
  analysisVideos: () => 'Analysis videos come with a paid plan',
  practiceInterviewsPerWeek: (plan) => {
    const cap = plan.features.practiceInterviewsPerWeek ?? 0
    const practice = cap === 1 ? 'practice interview' : 'practice interviews'
    return `Your plan includes ${cap} ${practice} a week: upgrade for more`
  },
}

function allows(features: PlanFeatures, feature: keyof PlanFeatures, used: number): boolean {
  const value = features[feature]
  return typeof value === 'boolean' ? value : value === null || used < value
}

function toPlan(row: PlanRow): CataloguePlan {
  return {
    id: row.plan,
    kind: row.kind,
    name: row.name || row.plan,
    description: row.description,
    priceCents: row.price_cents,
    currency: row.currency,
    period: row.period,
    credits: row.allowance,
    features: { ...NO_FEATURES, ...row.features },
    rank: row.rank,
    active: row.active,
    storeProductIds: row.store_product_ids,
  }
}
