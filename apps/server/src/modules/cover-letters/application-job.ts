/**
 * The job an application is about: the catalogue's row while it is there, else the snapshot the
 * application keeps of it (a job gone from the catalogue, or one added by hand).
 */
import type { Queryable } from '../../platform/db/pool.ts'
import type { CoverLetterRow } from '../applications/index.ts'
import { findJobForLetter } from '../jobs/index.ts'
import { asText, type JobFacts, requirementsFrom } from './letter-facts.ts'

export async function applicationJob(db: Queryable, row: CoverLetterRow): Promise<JobFacts | null> {
  const job = row.job_id ? await findJobForLetter(db, row.job_id) : null
  if (job) {
    return {
      title: job.title,
      company: job.company_name,
      location: job.location,
      skills: job.skills,
      requirements: requirementsFrom(job.description),
      description: job.description,
      applyUrl: job.apply_url,
    }
  }
  const snapshot = row.job_snapshot
  const title = snapshot ? asText(snapshot.title) : null
  if (!snapshot || !title) {
    return null
  }
  const description = asText(snapshot.description) && String(snapshot.description)
  return {
    title,
    company: asText(snapshot.company),
    location: asText(snapshot.location),
    skills: Array.isArray(snapshot.skills)
      ? snapshot.skills.map(asText).filter((skill): skill is string => skill !== null)
      : [],
    requirements: requirementsFrom(description || null),
    description: description || null,
    applyUrl: asText(snapshot.applyUrl),
  }
}
