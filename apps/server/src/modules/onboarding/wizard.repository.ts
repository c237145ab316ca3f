import { type WizardPatch, wizardColumnsFromPatch } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'

/**
 * Writes answers to the user's `wizard` row as the server (the wizard itself writes them through
 * /rest/v1 with the user's rights): the demo data's onboarding. The column names come from
 * `WIZARD_COLUMNS`, never from the caller; the database checks the values' vocabulary.
 */
export async function saveWizardAnswers(
  db: Queryable,
  userId: string,
  patch: WizardPatch,
): Promise<void> {
  const columns = Object.entries(wizardColumnsFromPatch(patch))
  if (!columns.length) return
  const assignments = columns.map(([column], index) => `${column} = $${index + 2}`)
  const values = columns.map(([, value]) =>
    // jsonb and text[] columns: objects as JSON, arrays of text as PostgreSQL arrays.
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? JSON.stringify(value)
      : value,
  )
  await db.query(`update public.wizard set ${assignments.join(', ')} where user_id = $1`, [
    userId,
    ...values,
  ])
}
