import type { Queryable } from '../../../platform/db/pool.ts'

/**
 * SQL over `auth.mfa_factors`, `auth.mfa_challenges` and the MFA side of `auth.sessions`
 * (which factor made a session aal2). Times come from the caller's clock.
 */
export type FactorRow = {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: 'totp'
  status: 'unverified' | 'verified'
  secret: string
  last_challenged_at: Date | null
  created_at: Date
  updated_at: Date
}

export type ChallengeRow = {
  id: string
  factor_id: string
  created_at: Date
  verified_at: Date | null
  ip_address: string
}

/** GoTrue's factor JSON (protocol §1.2), as listed in the user object. */
export function toFactorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name || undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    phone: '',
    last_challenged_at: factor.last_challenged_at?.toISOString() ?? null,
  }
}

export type FactorJson = ReturnType<typeof toFactorJson>

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const result = await db.query<FactorRow>(
    'select * from auth.mfa_factors where user_id = $1 order by created_at, id',
    [userId],
  )
  return result.rows
}

export async function findOwnedFactor(
  db: Queryable,
  userId: string,
  factorId: string,
): Promise<FactorRow | null> {
  const result = await db.query<FactorRow>(
    'select * from auth.mfa_factors where id = $1 and user_id = $2',
    [factorId, userId],
  )
  return result.rows[0] ?? null
}

export async function insertFactor(
  db: Queryable,
  factor: { userId: string; friendlyName: string; secret: string; now: Date },
): Promise<FactorRow> {
  const result = await db.query<FactorRow>(
    `insert into auth.mfa_factors (user_id, friendly_name, factor_type, secret, created_at, updated_at)
     values ($1, nullif($2, ''), 'totp', $3, $4, $4)
     returning *`,
    [factor.userId, factor.friendlyName, factor.secret, factor.now],
  )
  return result.rows[0] as FactorRow
}

/** Locks the user's row until the transaction ends: their enrolments run one at a time. */
export async function lockUserForEnrolment(db: Queryable, userId: string): Promise<void> {
  await db.query('select 1 from auth.users where id = $1 for update', [userId])
}

/** Unverified factors (any user's) created before `before` and never challenged. */
export async function deleteAbandonedFactors(db: Queryable, before: Date): Promise<void> {
  await db.query(
    `delete from auth.mfa_factors f
     where f.status = 'unverified' and f.created_at < $1
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)`,
    [before],
  )
}

export async function deleteUnverifiedFactors(db: Queryable, userId: string): Promise<void> {
  await db.query(
    "delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'",
    [userId],
  )
}

export async function deleteFactor(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.mfa_factors where id = $1', [id])
}

export async function markFactorVerified(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query("update auth.mfa_factors set status = 'verified', updated_at = $2 where id = $1", [
    id,
    now,
  ])
}

/**
 * Records `timeStep` as the factor's newest used TOTP step, unless that step or a later one was
 * already used. Atomic, so two requests racing with one code cannot both win.
 */
export async function claimTimeStep(
  db: Queryable,
  factorId: string,
  timeStep: number,
): Promise<boolean> {
  const result = await db.query(
    `update auth.mfa_factors set last_used_time_step = $2
     where id = $1 and (last_used_time_step is null or last_used_time_step < $2)`,
    [factorId, timeStep],
  )
  return result.rowCount === 1
}

export async function insertChallenge(
  db: Queryable,
  challenge: { factorId: string; ipAddress: string; now: Date },
): Promise<ChallengeRow> {
  const result = await db.query<ChallengeRow>(
    `insert into auth.mfa_challenges (factor_id, ip_address, created_at)
     values ($1, $2, $3)
     returning *`,
    [challenge.factorId, challenge.ipAddress, challenge.now],
  )
  await db.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [
    challenge.factorId,
    challenge.now,
  ])
  return result.rows[0] as ChallengeRow
}

export async function findChallenge(
  db: Queryable,
  factorId: string,
  challengeId: string,
): Promise<ChallengeRow | null> {
  const result = await db.query<ChallengeRow>(
    'select * from auth.mfa_challenges where id = $1 and factor_id = $2',
    [challengeId, factorId],
  )
  return result.rows[0] ?? null
}

export async function deleteChallenge(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.mfa_challenges where id = $1', [id])
}

/** Marks the challenge used; false when a concurrent request used it first. */
export async function markChallengeVerified(
  db: Queryable,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db.query(
    'update auth.mfa_challenges set verified_at = $2 where id = $1 and verified_at is null',
    [id, now],
  )
  return result.rowCount === 1
}

/**
 * The amr methods of a second factor: an authenticator code, or a recovery code standing in
 * for one (recovery-codes.service.ts).
 */
export type SecondFactorMethod = 'totp' | 'recovery'

/** The session's amr claims less its second-factor entries (SQL expression). */
const AMR_WITHOUT_SECOND_FACTOR = `coalesce(
  (select jsonb_agg(entry) from jsonb_array_elements(amr) entry
   where entry ->> 'method' not in ('totp', 'recovery')),
  '[]'::jsonb
)`

/**
 * The session passed a second factor: amr gains `method` (replacing an older second-factor
 * entry) and the session becomes aal2 through `factorId`.
 */
export async function elevateSession(
  db: Queryable,
  session: { sessionId: string; factorId: string; now: Date; method?: SecondFactorMethod },
): Promise<void> {
  await db.query(
    `update auth.sessions
     set aal = 'aal2', factor_id = $2, updated_at = $3,
         amr = ${AMR_WITHOUT_SECOND_FACTOR} || jsonb_build_array(jsonb_build_object('method', $5::text, 'timestamp', $4::bigint))
     where id = $1`,
    [
      session.sessionId,
      session.factorId,
      session.now,
      Math.floor(session.now.getTime() / 1000),
      session.method ?? 'totp',
    ],
  )
}

/** Sessions of the user still at aal1 end (with their refresh tokens). */
export async function deleteSessionsBelowAal2(db: Queryable, userId: string): Promise<void> {
  await db.query("delete from auth.sessions where user_id = $1 and aal <> 'aal2'", [userId])
}

/** Sessions made aal2 by the factor go back to aal1 and lose their second-factor amr entry. */
export async function downgradeSessionsOfFactor(
  db: Queryable,
  factorId: string,
  now: Date,
): Promise<void> {
  await db.query(
    `update auth.sessions
     set aal = 'aal1', factor_id = null, updated_at = $2,
         amr = ${AMR_WITHOUT_SECOND_FACTOR}
     where factor_id = $1`,
    [factorId, now],
  )
}
