import type { Queryable } from '../../platform/db/pool.ts'

/** SQL over `profiles.onboarding_messages` and the `wizard` row the messages are made from. */

/** The stored messages (a JSON array), locked until the transaction ends; null without a profile. */
export async function lockOnboardingMessages(
  tx: Queryable,
  userId: string,
): Promise<unknown[] | null> {
  const result = await tx.query<{ onboarding_messages: unknown[] }>(
    'select onboarding_messages from public.profiles where user_id = $1 for no key update',
    [userId],
  )
  return result.rows[0]?.onboarding_messages ?? null
}

export async function storeOnboardingMessages(
  tx: Queryable,
  userId: string,
  messages: unknown[],
): Promise<void> {
  await tx.query('update public.profiles set onboarding_messages = $2 where user_id = $1', [
    userId,
    JSON.stringify(messages),
  ])
}

/** The user's wizard row as `select *` gives it, or null. */
export async function findWizardRow(
  db: Queryable,
  userId: string,
): Promise<Record<string, unknown> | null> {
  const result = await db.query<Record<string, unknown>>(
    'select * from public.wizard where user_id = $1',
    [userId],
  )
  return result.rows[0] ?? null
}

/** The user's wizard row as JSON (`to_jsonb`, as `WizardRowSchema` reads it), or null. */
export async function findWizardJson(db: Queryable, userId: string): Promise<unknown> {
  const result = await db.query<{ wizard: unknown }>(
    'select to_jsonb(w) as wizard from public.wizard as w where w.user_id = $1',
    [userId],
  )
  return result.rows[0]?.wizard ?? null
}
