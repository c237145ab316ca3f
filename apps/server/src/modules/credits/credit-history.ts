/**
 * The ledger as the user sees it (the credits screen's history), and the ledger reads of refunds:
 * what a payment granted and how much of it has been taken back.
 */
import type { CreditHistoryResponse } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'
import { expire } from './credit-ledger.ts'

type HistoryRow = {
  id: string
  kind: 'grant' | 'spend' | 'refund' | 'expiry'
  delta: number
  reason: string | null
  balance_after: number | null
  created_at: Date
}

/** The user's ledger, newest first, `limit` entries older than entry `before` (if given). */
export async function readCreditHistory(
  db: Queryable,
  userId: string,
  page: { before?: number | undefined; limit: number },
): Promise<CreditHistoryResponse> {
  const result = await db.query<HistoryRow>(
    `select id, kind, delta, reason, balance_after, created_at
     from public.credit_ledger
     where user_id = $1 and ($2::bigint is null or id < $2)
     order by id desc
     limit $3`,
    [userId, page.before ?? null, page.limit + 1],
  )
  const rows = result.rows.slice(0, page.limit)
  return {
    entries: rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      delta: row.delta,
      reason: row.reason,
      balanceAfter: row.balance_after,
      createdAt: row.created_at.toISOString(),
    })),
    nextBefore: result.rows.length > page.limit ? String(rows.at(-1)?.id) : null,
  }
}

export type PaymentRefund = {
  userId: string
  /** The ledger key the payment's credits were granted under (`invoice:<id>`, `pack:<id>`). */
  paymentKey: string
  /** The share of the payment refunded so far, 0 to 1 (cumulative, as Stripe reports it). */
  refundedShare: number
  /** The provider's reference of the refund, kept on the entry. */
  reference: string
}

/**
 * Takes back the credits of a refunded payment, in proportion to the share refunded: as many of
 * them as the balance still holds (credits already spent stay spent; the balance never goes
 * below zero). Cumulative, so a second partial refund takes back only the difference, and a
 * repeated report takes nothing more. Answers the credits taken back now.
 */
export async function takeBackRefundedCredits(
  db: Queryable,
  refund: PaymentRefund,
  now: Date,
): Promise<number> {
  // Refund reports for one user queue here, so `alreadyTaken` is read after the previous one.
  await db.query('select 1 from public.credit_balances where user_id = $1 for update', [
    refund.userId,
  ])
  const result = await db.query<{ granted: number; already_taken: number }>(
    `select
       coalesce((select delta from public.credit_ledger
                 where idempotency_key = $2 and user_id = $1 and kind = 'grant'), 0) as granted,
       coalesce((select -sum(delta)::int from public.credit_ledger
                 where user_id = $1 and reason = 'payment_refunded'
                   and metadata ->> 'paymentKey' = $2), 0) as already_taken`,
    [refund.userId, refund.paymentKey],
  )
  const { granted = 0, already_taken: alreadyTaken = 0 } = result.rows[0] ?? {}
  const share = Math.min(Math.max(refund.refundedShare, 0), 1)
  const due = Math.floor(granted * share)
  if (due <= alreadyTaken) {
    return 0
  }
  const outcome = await expire(
    db,
    {
      userId: refund.userId,
      amount: due - alreadyTaken,
      idempotencyKey: `refund:${refund.paymentKey}:${due}`,
      reason: 'payment_refunded',
      metadata: { paymentKey: refund.paymentKey, reference: refund.reference },
    },
    now,
  )
  return outcome.replayed || !outcome.entry ? 0 : -outcome.entry.delta
}
