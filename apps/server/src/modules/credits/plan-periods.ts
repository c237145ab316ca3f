/**
 * Paid plans on the balance (ADR 0028). A free balance's periods follow the calendar
 * (credit-periods.ts); a paid plan's periods follow its payments:
 *
 * - `startPaidPeriod`: a payment for a period was reported (Stripe's `invoice.paid`,
 *   RevenueCat's INITIAL_PURCHASE or RENEWAL). The closing period's unspent allowance expires
 *   (credits from packs, referrals and refunds are kept, as at every period end), the balance
 *   moves to the plan and the paid period, and the plan's allowance is granted under the
 *   payment's key, so a repeated or concurrent report grants it once. A report of a period
 *   older than the balance's current paid one changes nothing (deliveries come out of order).
 * - `returnToFreePlan`: the user has no live subscription left. The paid allowance's unspent
 *   part expires and the free plan's period starts now (the calendar refresh does both).
 *
 * Both lock the balance row first, so concurrent spends and reports queue behind each other;
 * the caller runs them in a transaction.
 */
import type { Queryable } from '../../platform/db/pool.ts'
import { type ChangeOutcome, expire, grant } from './credit-ledger.ts'
import { refreshIfDue } from './credit-periods.ts'
import { FREE_PLAN, readPlan } from './credit-plans.ts'

export type PaidPeriod = {
  userId: string
  /** A subscription plan of the catalogue. */
  plan: string
  startsAt: Date
  endsAt: Date
  /** The payment's key, unique in the ledger: `invoice:<id>`, `revenuecat:<transaction>`. */
  idempotencyKey: string
  /** Where the payment came from, kept on the ledger entry. */
  metadata?: Record<string, unknown>
}

export type PaidPeriodOutcome =
  | { status: 'started'; grant: ChangeOutcome | null }
  | { status: 'already_started' }
  | { status: 'stale' }

type LockedBalance = {
  plan: string
  kind: string | null
  period_start: Date
}

export async function startPaidPeriod(
  db: Queryable,
  period: PaidPeriod,
  now: Date,
): Promise<PaidPeriodOutcome> {
  const plan = await readPlan(db, period.plan)
  if (plan?.kind !== 'subscription') {
    throw new Error(`${period.plan} is not a subscription plan of the catalogue`)
  }
  await refreshIfDue(db, period.userId, now)
  const current = await lockBalance(db, period.userId)
  if (current.kind === 'subscription') {
    const sameStart = current.period_start.getTime() === period.startsAt.getTime()
    if (sameStart && current.plan === period.plan) {
      return { status: 'already_started' }
    }
    if (current.period_start.getTime() > period.startsAt.getTime()) {
      return { status: 'stale' }
    }
  }
  await expireUnspentAllowance(db, period.userId, current.period_start, now)
  await db.query(
    `update public.credit_balances
     set plan = $2, allowance = $3, used_in_period = 0, period_start = $4, next_refresh_at = $5
     where user_id = $1`,
    [period.userId, plan.id, plan.credits, period.startsAt, period.endsAt],
  )
  const granted =
    plan.credits === null || plan.credits === 0
      ? null
      : await grant(
          db,
          {
            userId: period.userId,
            amount: plan.credits,
            idempotencyKey: period.idempotencyKey,
            reason: 'subscription',
            metadata: { ...period.metadata, plan: plan.id, periodStart: period.startsAt },
          },
          now,
        )
  return { status: 'started', grant: granted }
}

/** Back to the free plan when the balance is on a paid one; true when it moved. */
export async function returnToFreePlan(db: Queryable, userId: string, now: Date): Promise<boolean> {
  const current = await lockBalance(db, userId)
  if (current.kind !== 'subscription') {
    return false
  }
  // The refresh expires what is left of the paid allowance (it reads the balance's own
  // allowance) and grants the free plan's, for the period starting now.
  await db.query(
    `update public.credit_balances set plan = $2, next_refresh_at = $3 where user_id = $1`,
    [userId, FREE_PLAN, now],
  )
  await refreshIfDue(db, userId, now)
  return true
}

async function lockBalance(db: Queryable, userId: string): Promise<LockedBalance> {
  const result = await db.query<LockedBalance>(
    `select balance.plan, plan.kind, balance.period_start
     from public.credit_balances as balance
     left join public.credit_plans as plan on plan.plan = balance.plan
     where balance.user_id = $1
     for update of balance`,
    [userId],
  )
  const row = result.rows[0]
  if (!row) {
    throw new Error(`No credit balance for user ${userId}`)
  }
  return row
}

/**
 * The closing period's allowance that was not spent ("use it or lose it"), under the same key
 * the calendar refresh uses for that period, so it expires once whichever ends it.
 */
async function expireUnspentAllowance(
  db: Queryable,
  userId: string,
  periodStart: Date,
  now: Date,
): Promise<void> {
  const result = await db.query<{ unspent: number }>(
    `select case when allowance is null then 0
              else least(balance, greatest(allowance - used_in_period, 0)) end as unspent
     from public.credit_balances where user_id = $1`,
    [userId],
  )
  const unspent = result.rows[0]?.unspent ?? 0
  if (unspent > 0) {
    await expire(
      db,
      {
        userId,
        amount: unspent,
        idempotencyKey: `expiry:${userId}:${periodStart.toISOString()}`,
        reason: 'period_end',
        metadata: { periodStart },
      },
      now,
    )
  }
}
