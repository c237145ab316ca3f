import type { Queryable } from '../../../platform/db/pool.ts'

/**
 * SQL over `auth.mfa_recovery_codes` (a user's single-use recovery codes, by hash) and
 * `auth.mfa_failed_attempts` (wrong second-factor codes per factor or per user). Times come
 * from the caller's clock.
 */
export type RecoveryCodeCounts = { total: number; remaining: number; created_at: Date | null }

export async function countRecoveryCodes(
  db: Queryable,
  userId: string,
): Promise<RecoveryCodeCounts> {
  const result = await db.query<RecoveryCodeCounts>(
    `select count(*)::int as total, (count(*) filter (where used_at is null))::int as remaining,
            max(created_at) as created_at
     from auth.mfa_recovery_codes where user_id = $1`,
    [userId],
  )
  return result.rows[0] ?? { total: 0, remaining: 0, created_at: null }
}

/** The user's codes become `hashes`: the old set, used or not, is gone. */
export async function replaceRecoveryCodes(
  db: Queryable,
  userId: string,
  hashes: string[],
  now: Date,
): Promise<void> {
  await db.query('delete from auth.mfa_recovery_codes where user_id = $1', [userId])
  await db.query(
    `insert into auth.mfa_recovery_codes (user_id, code_hash, created_at)
     select $1, hash, $3 from unnest($2::text[]) hash`,
    [userId, hashes, now],
  )
}

export async function deleteRecoveryCodes(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from auth.mfa_recovery_codes where user_id = $1', [userId])
}

/** Marks the unused code with this hash used; false when there is none (wrong or used). */
export async function useRecoveryCode(
  db: Queryable,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db.query(
    `update auth.mfa_recovery_codes set used_at = $3
     where user_id = $1 and code_hash = $2 and used_at is null`,
    [userId, codeHash, now],
  )
  return result.rowCount === 1
}

export type FailedAttemptsRow = {
  key: string
  failures: number
  locked_until: Date | null
  updated_at: Date
}

/**
 * The key's failure count, locked until the transaction ends: attempts on one factor (or one
 * user's recovery codes) run one at a time, so parallel guesses cannot pass a limit together.
 */
export async function lockFailedAttempts(
  db: Queryable,
  key: string,
  userId: string,
  now: Date,
): Promise<FailedAttemptsRow> {
  await db.query(
    `insert into auth.mfa_failed_attempts (key, user_id, failures, updated_at)
     values ($1, $2, 0, $3)
     on conflict (key) do nothing`,
    [key, userId, now],
  )
  const result = await db.query<FailedAttemptsRow>(
    'select key, failures, locked_until, updated_at from auth.mfa_failed_attempts where key = $1 for update',
    [key],
  )
  return result.rows[0] as FailedAttemptsRow
}

export async function updateFailedAttempts(
  db: Queryable,
  row: { key: string; failures: number; lockedUntil: Date | null; now: Date },
): Promise<void> {
  await db.query(
    `update auth.mfa_failed_attempts set failures = $2, locked_until = $3, updated_at = $4
     where key = $1`,
    [row.key, row.failures, row.lockedUntil, row.now],
  )
}

export async function clearFailedAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('delete from auth.mfa_failed_attempts where key = $1', [key])
}

/** The user's first verified factor: the one a recovery code stands in for. */
export async function firstVerifiedFactorId(db: Queryable, userId: string): Promise<string | null> {
  const result = await db.query<{ id: string }>(
    `select id from auth.mfa_factors where user_id = $1 and status = 'verified'
     order by created_at, id limit 1`,
    [userId],
  )
  return result.rows[0]?.id ?? null
}
