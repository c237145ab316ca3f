/**
 * The demo catalogue a development start generates (apps/server/src/seed: the same generator,
 * size and seed), for tests that need a realistic catalogue rather than a handful of rows.
 */
import type pg from 'pg'
import { insertJobs } from '../apps/server/src/modules/jobs/index.ts'
import { DEMO_CATALOGUE_FOCUS, DEMO_CATALOGUE_SIZE } from '../apps/server/src/seed/demo-data.ts'
import { generateDemoJobs } from '../apps/server/src/seed/demo-jobs.ts'

/** The seed `seedDemoData` generates its catalogue with. */
const DEMO_CATALOGUE_SEED = 2026

/** Inserts the demo catalogue (3,000 generated jobs posted over the last 30 days). */
export async function insertDemoCatalogue(
  db: pg.Pool,
  options: { count?: number; now?: Date } = {},
): Promise<number> {
  const jobs = generateDemoJobs({
    count: options.count ?? DEMO_CATALOGUE_SIZE,
    seed: DEMO_CATALOGUE_SEED,
    now: options.now ?? new Date(),
    focus: DEMO_CATALOGUE_FOCUS,
  })
  const inserted = await insertJobs(db, jobs)
  await db.query('analyze public.jobs')
  return inserted
}
