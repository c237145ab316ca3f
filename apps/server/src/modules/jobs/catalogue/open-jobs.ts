import type { Queryable } from '../../../platform/db/pool.ts'

/**
 * What "open" means for a job, in one place: it has not left its feed (`expired_at`) and is
 * not past its own closing date (`expires_at`) at `now`. Search shows only open jobs, and only
 * open jobs can be swiped.
 *
 * @param alias the `public.jobs` alias in the query, e.g. `j`
 * @param now the placeholder of the current time, e.g. `$2`
 */
export function openJobCondition(alias: string, now: string): string {
  return `(${alias}.expired_at is null and (${alias}.expires_at is null or ${alias}.expires_at > ${now}))`
}

/** A job the deck may show: in the catalogue and open at `now`. */
export async function isOpenJob(db: Queryable, jobId: string, now: Date): Promise<boolean> {
  const result = await db.query(
    `select 1 from public.jobs as job where job.id = $1 and ${openJobCondition('job', '$2')}`,
    [jobId, now],
  )
  return result.rowCount === 1
}
