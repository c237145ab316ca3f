import type { Queryable } from '../../platform/db/pool.ts'

/** SQL over `auth.identities`: the ways a user signs in (email, google, apple). */
export type IdentityRow = {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: Date | null
  created_at: Date
  updated_at: Date
  email: string | null
}

export async function insertIdentity(
  db: Queryable,
  identity: {
    userId: string
    provider: string
    providerId: string
    identityData: Record<string, unknown>
    now: Date
  },
): Promise<IdentityRow> {
  const result = await db.query<IdentityRow>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $5, $5)
     returning *`,
    [identity.providerId, identity.userId, identity.identityData, identity.provider, identity.now],
  )
  return result.rows[0] as IdentityRow
}

/** The verified `email` identity of a user from `insertConfirmedEmailUser`, column defaults too. */
export async function insertVerifiedEmailIdentity(
  db: Queryable,
  userId: string,
  email: string,
): Promise<IdentityRow> {
  const result = await db.query<IdentityRow>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true), 'email')
     returning *`,
    [userId, email],
  )
  return result.rows[0] as IdentityRow
}

export async function listIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const result = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at, id',
    [userId],
  )
  return result.rows
}

export async function findIdentity(
  db: Queryable,
  provider: string,
  providerId: string,
): Promise<IdentityRow | null> {
  const result = await db.query<IdentityRow>(
    'select * from auth.identities where provider = $1 and provider_id = $2',
    [provider, providerId],
  )
  return result.rows[0] ?? null
}

/** Merges `changes` into the identity's data (the claims it last gave us). */
export async function updateIdentityData(
  db: Queryable,
  id: string,
  changes: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db.query(
    'update auth.identities set identity_data = identity_data || $2, updated_at = $3 where id = $1',
    [id, changes, now],
  )
}

/** Identities whose provider gave one of these (lower-case) email addresses. */
export async function findIdentitiesByEmail(
  db: Queryable,
  emails: string[],
): Promise<IdentityRow[]> {
  const result = await db.query<IdentityRow>(
    'select * from auth.identities where email = any($1::text[]) order by created_at, id',
    [emails],
  )
  return result.rows
}

/** A returning sign-in: the provider's latest claims. */
export async function recordIdentitySignIn(
  db: Queryable,
  id: string,
  identityData: Record<string, unknown>,
  now: Date,
): Promise<IdentityRow> {
  const result = await db.query<IdentityRow>(
    `update auth.identities set identity_data = $2, last_sign_in_at = $3, updated_at = $3
     where id = $1
     returning *`,
    [id, identityData, now],
  )
  return result.rows[0] as IdentityRow
}

export async function deleteIdentity(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.identities where id = $1', [id])
}

/** The identity JSON of GoTrue (protocol §1.2). */
export function toIdentityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: identity.last_sign_in_at?.toISOString() ?? undefined,
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    email: identity.email ?? undefined,
  }
}
