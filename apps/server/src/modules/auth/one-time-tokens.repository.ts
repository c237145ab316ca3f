import type { Queryable } from '../../platform/db/pool.ts'
import type { FlowStateRow } from './pkce.ts'

/**
 * SQL over `auth.one_time_tokens`: the hashes of emailed links and codes, one live token per
 * user and kind (issuing another replaces it). Also the lookup of the PKCE flow an emailed
 * link belongs to.
 */
export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token'

export type OneTimeTokenRow = {
  id: string
  user_id: string
  token_type: OneTimeTokenType
  token_hash: string
  relates_to: string
  created_at: Date
  updated_at: Date
}

/** Stores the user's token of this kind, replacing the previous one (which stops working). */
export async function replaceOneTimeToken(
  db: Queryable,
  token: {
    userId: string
    tokenType: OneTimeTokenType
    tokenHash: string
    relatesTo: string
    now: Date
  },
): Promise<void> {
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, lower($4), $5, $5)
     on conflict (user_id, token_type) do update set
       token_hash = excluded.token_hash,
       relates_to = excluded.relates_to,
       created_at = excluded.created_at,
       updated_at = excluded.updated_at`,
    [token.userId, token.tokenType, token.tokenHash, token.relatesTo, token.now],
  )
}

/**
 * The token with this hash among `types`, locked until the caller's transaction ends, so that
 * two verifications of one link cannot both succeed. A link of the PKCE flow carries the hash
 * with a `pkce_` prefix; the bare hash (from the 6-digit code, or an admin link's
 * `hashed_token`) finds it too. `relatesTo` narrows the search to the address the code was
 * sent to.
 */
export async function lockOneTimeToken(
  db: Queryable,
  query: { tokenHash: string; types: OneTimeTokenType[]; relatesTo?: string },
): Promise<OneTimeTokenRow | null> {
  const result = await db.query<OneTimeTokenRow>(
    `select * from auth.one_time_tokens
     where token_hash = any (array[$1, 'pkce_' || $1])
       and token_type = any ($2)
       and ($3::text is null or relates_to = lower($3))
     order by created_at desc
     limit 1
     for update`,
    [query.tokenHash, query.types, query.relatesTo ?? null],
  )
  return result.rows[0] ?? null
}

/**
 * Uses up the user's token of this kind when its hash matches and it was issued after
 * `issuedAfter`; false otherwise. One statement, so a token is used at most once.
 */
export async function consumeUserToken(
  db: Queryable,
  token: { userId: string; tokenType: OneTimeTokenType; tokenHash: string; issuedAfter: Date },
): Promise<boolean> {
  const result = await db.query(
    `delete from auth.one_time_tokens
     where user_id = $1 and token_type = $2 and token_hash = $3 and created_at > $4`,
    [token.userId, token.tokenType, token.tokenHash, token.issuedAfter],
  )
  return (result.rowCount ?? 0) > 0
}

/** Every link and code of the user stops working (GoTrue clears them all on confirmation). */
export async function deleteUserTokens(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from auth.one_time_tokens where user_id = $1', [userId])
}

/**
 * The PKCE flow started by the user's latest emailed link of this kind (GoTrue ties the link to
 * its flow by user and authentication method, the newest winning).
 */
export async function findLatestEmailFlowState(
  db: Queryable,
  userId: string,
  authenticationMethod: string,
): Promise<FlowStateRow | null> {
  const result = await db.query<FlowStateRow>(
    `select * from auth.flow_state
     where user_id = $1 and authentication_method = $2 and provider_type = 'email'
     order by created_at desc
     limit 1`,
    [userId, authenticationMethod],
  )
  return result.rows[0] ?? null
}
