/**
 * The free plan's allowance and period, from the configuration into `public.credit_plans`
 * (migration 20261121003100), where the new-user hook and the period refresh read them. The
 * server writes it at every start, so the database always follows the configuration; a
 * change reaches new users at once and everyone else at their next period.
 */
import type { CreditPeriod } from '@app/contracts'
import type { Config } from '../../platform/config.ts'
import type { Queryable } from '../../platform/db/pool.ts'

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
