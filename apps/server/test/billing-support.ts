/**
 * Shared arrangements of the billing tests: waiting for the webhook job to handle every
 * recorded delivery, and a user's balance beside the sum of their ledger.
 */
import type pg from 'pg'

/** Waits until every recorded webhook event is processed (the job queue polls each second). */
export async function webhooksSettled(db: pg.Pool): Promise<void> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const { rows } = await db.query<{ waiting: number; failed: string | null }>(
      `select count(*) filter (where processed_at is null)::int as waiting, max(error) as failed
       from public.billing_webhook_events`,
    )
    if (rows[0]!.waiting === 0) return
    if (Date.now() > deadline) {
      throw new Error(`webhook events still waiting; last error: ${rows[0]!.failed}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The user's balance and plan beside the sum of their ledger: equal when the books balance. */
export async function books(db: pg.Pool, userId: string) {
  const { rows } = await db.query<{
    balance: number
    ledger_sum: number
    plan: string
    allowance: number | null
  }>(
    `select balance, plan, allowance,
            (select coalesce(sum(delta), 0)::int from public.credit_ledger l
             where l.user_id = b.user_id) as ledger_sum
     from public.credit_balances b where user_id = $1`,
    [userId],
  )
  return rows[0]!
}
