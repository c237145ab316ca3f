/**
 * CSV import and export's reads and writes of `job_applications`: the import keys already used,
 * marking an imported row, and every application of a user as the export lists it.
 */
import type { Queryable } from '../../platform/db/pool.ts'

/** Serialises the imports of one user (a double click sends the same file twice). */
export async function lockUserImports(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('job_applications_import:' || $1))`, [
    userId,
  ])
}

/** The import keys among `keys` that the user's applications already carry. */
export async function findUsedImportKeys(
  tx: Queryable,
  userId: string,
  keys: string[],
): Promise<Set<string>> {
  const result = await tx.query<{ import_key: string }>(
    `select import_key from public.job_applications
     where user_id = $1 and import_key = any($2::text[])`,
    [userId, keys],
  )
  return new Set(result.rows.map((row) => row.import_key))
}

export async function markImported(
  tx: Queryable,
  application: { id: string; userId: string; importKey: string; notes: string | null },
): Promise<void> {
  await tx.query(
    `update public.job_applications set import_key = $3, notes = $4
     where id = $1 and user_id = $2`,
    [application.id, application.userId, application.importKey, application.notes],
  )
}

export type ExportRow = {
  company: string | null
  title: string | null
  status: string
  dateSaved: string
  dateApplied: string | null
  link: string | null
  notes: string | null
  location: string | null
}

/**
 * Every application of the user, oldest first (those saved at the same moment, as one import's
 * rows are, by company then title, so an export reads the same every time); dates are UTC days
 * (YYYY-MM-DD).
 */
export async function listApplicationsForExport(
  db: Queryable,
  userId: string,
): Promise<ExportRow[]> {
  const result = await db.query<ExportRow>(
    `select job_company_name as company, job_title as title, status,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as "dateSaved",
            to_char(applied_at at time zone 'UTC', 'YYYY-MM-DD') as "dateApplied",
            job_apply_url as link, notes, job_location as location
     from public.job_applications_with_job
     where user_id = $1
     order by created_at, lower(job_company_name), lower(job_title), id`,
    [userId],
  )
  return result.rows
}
