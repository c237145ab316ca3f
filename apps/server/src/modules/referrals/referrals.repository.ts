/**
 * SQL of `public.referrals` and `public.referral_fingerprints`, which this module owns (issue
 * 18, ADR 0029). The rules themselves are SQL functions in `private` (migration
 * 20261126012000_referral_rules.sql): redeem, qualify (triggers), settle, release, reject.
 */
import type { Queryable } from '../../platform/db/pool.ts'

export type RedeemOutcome =
  | 'redeemed'
  | 'held'
  | 'invalid'
  | 'own_code'
  | 'guest'
  | 'already_redeemed'
  | 'too_late'
  | 'user_not_found'

export type FingerprintKind = 'ip' | 'device'

export type InviteeRow = {
  id: string
  status: 'pending' | 'held' | 'rewarded' | 'rejected'
  redeemed_at: Date
  qualified_at: Date | null
  reward_granted_at: Date | null
  referrer_reward_credits: number | null
  first_name: string | null
  email: string | null
}

export type Settlement = {
  referrer_user_id: string
  referred_user_id: string
  referrer_credits: number
  referred_credits: number
}

export async function redeemCode(
  tx: Queryable,
  redeem: {
    userId: string
    code: string
    ipHash: string | null
    deviceHash: string | null
    now: Date
    windowDays: number
  },
): Promise<{ outcome: RedeemOutcome; referralId: string | null; qualified: boolean }> {
  const result = await tx.query<{
    outcome: RedeemOutcome
    referral_id: string | null
    qualified: boolean
  }>(
    `select outcome, referral_id, qualified
     from private.redeem_referral_code($1, $2, $3, $4, $5, make_interval(days => $6))`,
    [redeem.userId, redeem.code, redeem.ipHash, redeem.deviceHash, redeem.now, redeem.windowDays],
  )
  const row = result.rows[0]!
  return { outcome: row.outcome, referralId: row.referral_id, qualified: row.qualified }
}

/** Records (or refreshes) that the user was seen with these hashes. */
export async function recordFingerprints(
  db: Queryable,
  userId: string,
  fingerprints: { kind: FingerprintKind; hash: string }[],
  now: Date,
): Promise<void> {
  if (fingerprints.length === 0) {
    return
  }
  await db.query(
    `insert into public.referral_fingerprints (user_id, kind, hash, first_seen_at, last_seen_at)
     select $1, kind, hash, $4, $4 from unnest($2::text[], $3::text[]) as seen (kind, hash)
     on conflict (user_id, kind, hash) do update set last_seen_at = excluded.last_seen_at`,
    [userId, fingerprints.map((f) => f.kind), fingerprints.map((f) => f.hash), now],
  )
}

export async function findProfile(
  db: Queryable,
  userId: string,
): Promise<{ referral_code: string; first_name: string | null } | null> {
  const result = await db.query<{ referral_code: string; first_name: string | null }>(
    `select referral_code, first_name from private.referral_profile($1)`,
    [userId],
  )
  return result.rows[0] ?? null
}

export async function findCodeOwner(
  db: Queryable,
  code: string,
): Promise<{ user_id: string; first_name: string | null } | null> {
  const result = await db.query<{ user_id: string; first_name: string | null }>(
    `select user_id, first_name from private.referral_code_owner($1)`,
    [code],
  )
  return result.rows[0] ?? null
}

export async function listInvitees(db: Queryable, referrerId: string): Promise<InviteeRow[]> {
  const result = await db.query<InviteeRow>(
    `select id, status, redeemed_at, qualified_at, reward_granted_at, referrer_reward_credits,
       first_name, email
     from private.referral_invitees($1)`,
    [referrerId],
  )
  return result.rows
}

/** Referrals of this referrer rewarded (with credits for them) in the month of `now` (UTC). */
export async function countRewardedThisMonth(
  db: Queryable,
  referrerId: string,
  now: Date,
): Promise<number> {
  const result = await db.query<{ count: number }>(
    `select count(*)::integer as count from public.referrals
     where referrer_user_id = $1 and status = 'rewarded' and referrer_reward_credits > 0
       and reward_granted_at >= date_trunc('month', $2::timestamptz, 'UTC')
       and reward_granted_at < date_trunc('month', $2::timestamptz, 'UTC') + interval '1 month'`,
    [referrerId, now],
  )
  return result.rows[0]!.count
}

/** Qualified referrals waiting for their rewards, oldest first. */
export async function findDueReferrals(db: Queryable, limit: number): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    `select id from public.referrals
     where status = 'pending' and qualified_at is not null
     order by qualified_at, id
     limit $1`,
    [limit],
  )
  return result.rows.map((row) => row.id)
}

/** Marks one due referral rewarded (row locked): the credits to grant, or null if not due. */
export async function settleReferral(
  tx: Queryable,
  settle: { referralId: string; credits: number; monthlyCap: number; now: Date },
): Promise<Settlement | null> {
  const result = await tx.query<Settlement>(
    `select referrer_user_id, referred_user_id, referrer_credits, referred_credits
     from private.settle_referral($1, $2, $3, $4)`,
    [settle.referralId, settle.credits, settle.monthlyCap, settle.now],
  )
  return result.rows[0] ?? null
}
