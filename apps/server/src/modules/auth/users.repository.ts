import type { Queryable } from '../../db/pool.ts'

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

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    'select * from auth.users where id = $1 and deleted_at is null',
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
