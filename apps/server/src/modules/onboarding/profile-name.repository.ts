import type { Queryable } from '../../platform/db/pool.ts'

/** The user's name as their profile row holds it ("First Last"), or null when it has none. */
export async function findProfileName(db: Queryable, userId: string): Promise<string | null> {
  const result = await db.query<{ name: string | null }>(
    `select nullif(trim(concat_ws(' ', first_name, last_name)), '') as name
     from public.profiles where user_id = $1`,
    [userId],
  )
  return result.rows[0]?.name ?? null
}
