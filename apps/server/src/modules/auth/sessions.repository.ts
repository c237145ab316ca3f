import type { Queryable } from '../../platform/db/pool.ts'
import type { AmrEntry } from './access-tokens.ts'

/** SQL over `auth.sessions` and `auth.refresh_tokens`. Times come from the caller's clock. */
export type SessionRow = {
  id: string
  user_id: string
  aal: string
  amr: AmrEntry[]
  created_at: Date
  updated_at: Date
  refreshed_at: Date | null
}

export type RefreshTokenRow = {
  id: string
  token: string
  user_id: string
  session_id: string
  parent: string | null
  revoked: boolean
  created_at: Date
  updated_at: Date
}

export type SessionMeta = { userAgent: string | null; ip: string | null }

export async function insertSession(
  db: Queryable,
  session: { userId: string; aal: string; amr: AmrEntry[]; now: Date } & SessionMeta,
): Promise<SessionRow> {
  const result = await db.query<SessionRow>(
    `insert into auth.sessions (user_id, aal, amr, user_agent, ip, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6)
     returning *`,
    [
      session.userId,
      session.aal,
      JSON.stringify(session.amr),
      session.userAgent,
      session.ip,
      session.now,
    ],
  )
  return result.rows[0] as SessionRow
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | null> {
  const result = await db.query<SessionRow>('select * from auth.sessions where id = $1', [id])
  return result.rows[0] ?? null
}

/** The session, locked until the transaction ends: refreshes of one session run one by one. */
export async function lockSession(db: Queryable, id: string): Promise<SessionRow | null> {
  const result = await db.query<SessionRow>(
    'select * from auth.sessions where id = $1 for update',
    [id],
  )
  return result.rows[0] ?? null
}

/**
 * The session of a refresh token, locked until the transaction ends (refreshes of one session
 * run one by one); null when the token or its session does not exist.
 */
export async function lockSessionOfToken(db: Queryable, token: string): Promise<SessionRow | null> {
  const result = await db.query<SessionRow>(
    `select * from auth.sessions
     where id = (select session_id from auth.refresh_tokens where token = $1)
     for update`,
    [token],
  )
  return result.rows[0] ?? null
}

export async function touchSession(
  db: Queryable,
  id: string,
  meta: SessionMeta & { now: Date },
): Promise<void> {
  await db.query(
    `update auth.sessions
     set refreshed_at = $2, updated_at = $2,
         user_agent = coalesce($3, user_agent), ip = coalesce($4, ip)
     where id = $1`,
    [id, meta.now, meta.userAgent, meta.ip],
  )
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.sessions where id = $1', [id])
}

export async function deleteUserSessions(
  db: Queryable,
  userId: string,
  exceptSessionId: string | null,
): Promise<void> {
  await db.query(
    'delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)',
    [userId, exceptSessionId],
  )
}

export async function insertRefreshToken(
  db: Queryable,
  token: { token: string; userId: string; sessionId: string; parent: string | null; now: Date },
): Promise<RefreshTokenRow> {
  const result = await db.query<RefreshTokenRow>(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $5)
     returning *`,
    [token.token, token.userId, token.sessionId, token.parent, token.now],
  )
  return result.rows[0] as RefreshTokenRow
}

export async function findRefreshToken(
  db: Queryable,
  token: string,
): Promise<RefreshTokenRow | null> {
  const result = await db.query<RefreshTokenRow>(
    'select * from auth.refresh_tokens where token = $1',
    [token],
  )
  return result.rows[0] ?? null
}

/** The session's newest unrevoked token, if any. */
export async function findActiveRefreshToken(
  db: Queryable,
  sessionId: string,
): Promise<RefreshTokenRow | null> {
  const result = await db.query<RefreshTokenRow>(
    `select * from auth.refresh_tokens
     where session_id = $1 and not revoked
     order by id desc
     limit 1`,
    [sessionId],
  )
  return result.rows[0] ?? null
}

export async function revokeRefreshToken(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(
    'update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1 and not revoked',
    [id, now],
  )
}

/** A session as the account export shows it to its owner: no tokens, no `amr`. */
export type ExportedSession = {
  id: string
  aal: string
  created_at: Date
  updated_at: Date
  refreshed_at: Date | null
  user_agent: string | null
  ip: string | null
}

/** The user's sessions for the account export, oldest first. */
export async function listSessionsForExport(
  db: Queryable,
  userId: string,
): Promise<ExportedSession[]> {
  const result = await db.query<ExportedSession>(
    `select id, aal, created_at, updated_at, refreshed_at, user_agent, ip
     from auth.sessions where user_id = $1 order by created_at, id`,
    [userId],
  )
  return result.rows
}

/** What decides whether a session's access tokens may still be used (`session-check.ts`). */
export type SessionState = {
  user_id: string
  created_at: Date
  refreshed_at: Date | null
  banned_until: Date | null
  deleted_at: Date | null
  /** The user has a verified second factor: their data needs an aal2 session. */
  has_verified_factor: boolean
}

/** The session, its user's standing and whether they have a verified factor, in one read. */
export async function findSessionState(
  db: Queryable,
  sessionId: string,
): Promise<SessionState | null> {
  const result = await db.query<SessionState>(
    `select s.user_id, s.created_at, s.refreshed_at, u.banned_until, u.deleted_at,
            exists (select 1 from auth.mfa_factors f
                    where f.user_id = s.user_id and f.status = 'verified') as has_verified_factor
     from auth.sessions s join auth.users u on u.id = s.user_id
     where s.id = $1`,
    [sessionId],
  )
  return result.rows[0] ?? null
}
