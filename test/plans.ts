import pg from 'pg'

/**
 * Puts a user on a plan of the catalogue (`public.credit_plans`) as a paid period would, for
 * tests of what a plan unlocks (analysis videos, practice interviews past the free allowance)
 * that are not about buying it. The purchase itself is tested through Stripe's and RevenueCat's
 * webhooks.
 */
export async function putOnPlan(
  db: pg.Pool | string,
  userId: string,
  plan = 'pro_monthly',
): Promise<void> {
  const pool = typeof db === 'string' ? new pg.Pool({ connectionString: db, max: 1 }) : db
  try {
    const { rowCount } = await pool.query(
      `update public.credit_balances as balance
       set plan = catalogue.plan, allowance = catalogue.allowance
       from public.credit_plans as catalogue
       where balance.user_id = $1 and catalogue.plan = $2`,
      [userId, plan],
    )
    if (rowCount !== 1) throw new Error(`no balance of ${userId} or no plan ${plan}`)
  } finally {
    if (pool !== db) await pool.end()
  }
}
