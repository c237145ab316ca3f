/**
 * Period roll-over of credit balances. When a balance's `next_refresh_at` has passed, its
 * period ends and the next one starts, in one statement per batch:
 * 1. the closing period's unspent allowance expires ("use it or lose it", an `expiry` entry
 *    keyed `expiry:<user>:<old period start>`): credits from elsewhere (referrals, refunds) are
 *    kept, and the allowance is counted as spent first;
 * 2. the plan's allowance (from `credit_plans`; a plan missing there keeps the balance's own)
 *    is granted for the new period (a `grant` keyed `period:<user>:<new period start>`);
 * 3. `used_in_period` restarts at 0 and the period moves to the one containing `now`, which
 *    starts at midnight UTC (`public.credit_period`). Missed periods are not granted one by one:
 *    a user who comes back after a week gets one allowance, not seven.
 * Balances on a paid plan are left alone: their periods start when a payment is reported
 * (plan-periods.ts).
 *
 * Both happen lazily before every read or change of a balance (`refreshIfDue`, waiting for the
 * row lock so a concurrent refresh or spend is never missed) and in batches from a periodic task
 * (`refreshDueBalances`, skipping rows locked by others), so `GET credits` rarely has to. The
 * row lock plus the re-checked `next_refresh_at` make a period roll over exactly once, and the
 * ledger's unique keys would refuse a second grant anyway.
 */
import type { Database, Queryable } from '../../platform/db/pool.ts'

/** Rows a batch of the periodic refresh takes at once. */
export const REFRESH_BATCH_SIZE = 500

/** A timestamp as in JavaScript's toISOString(), for the ledger keys. */
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`

/**
 * $1 now, $2 one user's id or null for any, $3 how many rows at most. `%LOCK%` waits for a row
 * another transaction holds, or skips it. The grants read the expiries so that each user's
 * expiry is written (and numbered) before their grant.
 */
const REFRESH_DUE_BALANCES = `
  with due as (
    select balance.user_id, balance.balance, balance.allowance, balance.used_in_period,
           balance.period_start, balance.next_refresh_at,
           plan.plan is not null as in_catalogue, plan.allowance as plan_allowance,
           coalesce(plan.period, 'daily') as period
    from public.credit_balances as balance
    left join public.credit_plans as plan on plan.plan = balance.plan
    where (balance.next_refresh_at is null or balance.next_refresh_at <= $1)
      and ($2::uuid is null or balance.user_id = $2)
      -- A paid plan's periods follow its payments (plan-periods.ts), not the calendar.
      and plan.kind is distinct from 'subscription'
    limit $3
    %LOCK%
  ),
  renewal as (
    select due.user_id, due.balance, due.period_start,
      case when due.allowance is null then 0
        else least(due.balance, greatest(due.allowance - due.used_in_period, 0))
      end as expired,
      case when due.in_catalogue then due.plan_allowance else due.allowance end as allowance,
      -- Never before the end of the closing period (a plan's period may have grown since).
      greatest(bounds.starts_at, coalesce(due.next_refresh_at, bounds.starts_at)) as starts_at,
      bounds.ends_at
    from due
    cross join public.credit_period($1, due.period) as bounds
  ),
  expiries as (
    insert into public.credit_ledger
      (user_id, delta, kind, reason, idempotency_key, balance_after, metadata)
    select user_id, -expired, 'expiry', 'period_end',
      'expiry:' || user_id || ':' || to_char(period_start at time zone 'UTC', ${ISO_UTC}),
      balance - expired, jsonb_build_object('periodStart', period_start)
    from renewal
    where expired > 0
    returning user_id
  ),
  grants as (
    insert into public.credit_ledger
      (user_id, delta, kind, reason, idempotency_key, balance_after, metadata)
    select user_id, allowance, 'grant', 'period_refresh',
      'period:' || user_id || ':' || to_char(starts_at at time zone 'UTC', ${ISO_UTC}),
      balance - expired + allowance, jsonb_build_object('periodStart', starts_at)
    from renewal
    left join expiries using (user_id)
    where allowance > 0
  )
  update public.credit_balances as balance
  set balance = renewal.balance - renewal.expired + coalesce(renewal.allowance, 0),
      used_in_period = 0,
      allowance = renewal.allowance,
      period_start = renewal.starts_at,
      next_refresh_at = renewal.ends_at
  from renewal
  where balance.user_id = renewal.user_id`

const waitingForLocks = REFRESH_DUE_BALANCES.replace('%LOCK%', 'for update of balance')
const skippingLocked = REFRESH_DUE_BALANCES.replace('%LOCK%', 'for update of balance skip locked')

/** Rolls the user's balance over to the current period if it is due; true when it did. */
export async function refreshIfDue(db: Queryable, userId: string, now: Date): Promise<boolean> {
  const result = await db.query(waitingForLocks, [now, userId, 1])
  return result.rowCount === 1
}

/**
 * Rolls over every balance due at `now`, a batch per statement (each its own transaction), and
 * answers how many it rolled over. Rows locked by a request are skipped: that request's own
 * `refreshIfDue` or the next run takes them.
 */
export async function refreshDueBalances(
  db: Database,
  now: Date,
  batchSize = REFRESH_BATCH_SIZE,
): Promise<number> {
  let total = 0
  for (;;) {
    const result = await db.query(skippingLocked, [now, null, batchSize])
    const refreshed = result.rowCount ?? 0
    total += refreshed
    if (refreshed < batchSize) {
      return total
    }
  }
}
