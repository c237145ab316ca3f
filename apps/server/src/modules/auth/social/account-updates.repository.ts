import type { Queryable } from '../../../platform/db/pool.ts'
import type { UserRow } from '../users.repository.ts'

/**
 * The changes social sign-in and identity linking make to an `auth.users` row: its email and
 * confirmation, its metadata, a cleared password, the end of being a guest.
 */
export type AccountChanges = {
  email?: string | null
  emailConfirmedAt?: Date
  encryptedPassword?: null
  isAnonymous?: false
  appMetadata?: Record<string, unknown>
  userMetadata?: Record<string, unknown>
}

const COLUMNS: Record<keyof AccountChanges, string> = {
  email: 'email',
  emailConfirmedAt: 'email_confirmed_at',
  encryptedPassword: 'encrypted_password',
  isAnonymous: 'is_anonymous',
  appMetadata: 'raw_app_meta_data',
  userMetadata: 'raw_user_meta_data',
}

export async function updateAccount(
  db: Queryable,
  userId: string,
  changes: AccountChanges,
  now: Date,
): Promise<UserRow> {
  const entries = (Object.keys(COLUMNS) as (keyof AccountChanges)[])
    .filter((key) => key in changes)
    .map((key) => [COLUMNS[key], changes[key]] as const)
  const assignments = entries.map(([column], index) => `${column} = $${index + 3}`)
  const result = await db.query<UserRow>(
    `update auth.users set ${[...assignments, 'updated_at = $2'].join(', ')}
     where id = $1
     returning *`,
    [userId, now, ...entries.map(([, value]) => value)],
  )
  return result.rows[0] as UserRow
}
