import type { Queryable } from '../../platform/db/pool.ts'

/** SQL over `auth.users`; the server connects as the owner. */
export type UserRow = {
  id: string
  aud: string
  role: string
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  phone: string | null
  phone_confirmed_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  is_anonymous: boolean
  banned_until: Date | null
  last_sign_in_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  email_change: string | null
  email_change_sent_at: Date | null
  reauthentication_sent_at: Date | null
  invited_at: Date | null
  deleted_at: Date | null
  created_at: Date
  updated_at: Date
}

export type NewUser = {
  email: string | null
  encryptedPassword: string | null
  emailConfirmedAt: Date | null
  isAnonymous: boolean
  appMetadata: Record<string, unknown>
  userMetadata: Record<string, unknown>
  now: Date
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const result = await db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, is_anonymous,
       raw_app_meta_data, raw_user_meta_data, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $7)
     returning *`,
    [
      user.email,
      user.encryptedPassword,
      user.emailConfirmedAt,
      user.isAnonymous,
      user.appMetadata,
      user.userMetadata,
      user.now,
    ],
  )
  return result.rows[0] as UserRow
}

/**
 * A confirmed email user inserted with the database's clock and column defaults: never signed
 * in, created and confirmed at the transaction's start. Sign-up and the admin API use
 * `insertUser`, which takes every time from the caller.
 */
export async function insertConfirmedEmailUser(
  db: Queryable,
  user: { email: string; encryptedPassword: string; userMetadata: Record<string, unknown> },
): Promise<UserRow> {
  const result = await db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, $2, now(), '{"provider":"email","providers":["email"]}', $3)
     returning *`,
    [user.email, user.encryptedPassword, user.userMetadata],
  )
  return result.rows[0] as UserRow
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    'select * from auth.users where id = $1 and deleted_at is null',
    [id],
  )
  return result.rows[0] ?? null
}

/** The user, locked until the caller's transaction ends (a verification changes them). */
export async function lockUser(db: Queryable, id: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    'select * from auth.users where id = $1 and deleted_at is null for update',
    [id],
  )
  return result.rows[0] ?? null
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    'select * from auth.users where lower(email) = lower($1) and deleted_at is null',
    [email],
  )
  return result.rows[0] ?? null
}

export async function findUserByPhone(db: Queryable, phone: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    'select * from auth.users where phone = $1 and deleted_at is null',
    [phone],
  )
  return result.rows[0] ?? null
}

export async function recordSignIn(db: Queryable, id: string, now: Date): Promise<UserRow> {
  const result = await db.query<UserRow>(
    'update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1 returning *',
    [id, now],
  )
  return result.rows[0] as UserRow
}

/** The columns an update may change; absent (undefined) fields are left as they are. */
export type UserChanges = {
  email?: string
  encryptedPassword?: string
  emailConfirmedAt?: Date
  bannedUntil?: Date | null
  isAnonymous?: boolean
  appMetadata?: Record<string, unknown>
  userMetadata?: Record<string, unknown>
  confirmationSentAt?: Date
  recoverySentAt?: Date
  /** A pending new address (null when none is pending) and when its confirmation was sent. */
  emailChange?: string | null
  emailChangeSentAt?: Date | null
  reauthenticationSentAt?: Date
  invitedAt?: Date
}

const CHANGE_COLUMNS = {
  email: 'email',
  encryptedPassword: 'encrypted_password',
  emailConfirmedAt: 'email_confirmed_at',
  bannedUntil: 'banned_until',
  isAnonymous: 'is_anonymous',
  appMetadata: 'raw_app_meta_data',
  userMetadata: 'raw_user_meta_data',
  confirmationSentAt: 'confirmation_sent_at',
  recoverySentAt: 'recovery_sent_at',
  emailChange: 'email_change',
  emailChangeSentAt: 'email_change_sent_at',
  reauthenticationSentAt: 'reauthentication_sent_at',
  invitedAt: 'invited_at',
} as const satisfies Record<keyof UserChanges, string>

export async function updateUser(
  db: Queryable,
  id: string,
  changes: UserChanges,
  now: Date,
): Promise<UserRow> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined)
  // Column names come from CHANGE_COLUMNS only; values are parameters.
  const assignments = entries.map(
    ([field], index) => `${CHANGE_COLUMNS[field as keyof UserChanges]} = $${index + 3}`,
  )
  const result = await db.query<UserRow>(
    `update auth.users set ${[...assignments, 'updated_at = $2'].join(', ')}
     where id = $1 returning *`,
    [id, now, ...entries.map(([, value]) => value)],
  )
  return result.rows[0] as UserRow
}

/** One page of live users, newest first, and how many there are in all. */
export async function listUsers(
  db: Queryable,
  page: { limit: number; offset: number },
): Promise<{ users: UserRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<UserRow>(
      `select * from auth.users where deleted_at is null
       order by created_at desc, id desc limit $1 offset $2`,
      [page.limit, page.offset],
    ),
    db.query<{ total: number }>(
      'select count(*)::int as total from auth.users where deleted_at is null',
    ),
  ])
  return { users: rows.rows, total: count.rows[0]?.total ?? 0 }
}

/** Deletes the user; every row that references them goes with them (on delete cascade). */
export async function deleteUser(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('delete from auth.users where id = $1', [id])
  return (result.rowCount ?? 0) > 0
}

/** GoTrue's hash of a deleted user's identifying value: base64url(sha256(text)); null stays null. */
const obfuscated = (text: string) =>
  `translate(encode(sha256(convert_to(${text}, 'UTF8')), 'base64'), '+/=', '-_')`

/**
 * GoTrue's soft delete, in one statement: the row stays, marked `deleted_at`, but no longer
 * says who it was (email, phone and identities hashed, password and metadata cleared), and
 * nothing is left to sign in with: sessions, MFA factors and pending links are deleted.
 */
export async function softDeleteUser(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(
    `with ended_sessions as (delete from auth.sessions where user_id = $1),
       removed_factors as (delete from auth.mfa_factors where user_id = $1),
       voided_links as (delete from auth.one_time_tokens where user_id = $1),
       hidden_identities as (
         update auth.identities set
           identity_data = '{}'::jsonb,
           provider_id = ${obfuscated("user_id::text || provider || ':' || provider_id")},
           updated_at = $2
         where user_id = $1
       )
     update auth.users set
       email = ${obfuscated('id::text || email')},
       phone = left(${obfuscated('id::text || phone')}, 15),
       email_change = ${obfuscated('id::text || email_change')},
       encrypted_password = null,
       raw_app_meta_data = '{}'::jsonb,
       raw_user_meta_data = '{}'::jsonb,
       deleted_at = $2,
       updated_at = $2
     where id = $1`,
    [id, now],
  )
}

export async function setPasswordHash(
  db: Queryable,
  id: string,
  encryptedPassword: string,
  now: Date,
): Promise<void> {
  await db.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [
    id,
    encryptedPassword,
    now,
  ])
}
