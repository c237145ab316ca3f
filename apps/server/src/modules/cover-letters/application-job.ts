/**
 * The facts anything written for a seeker and a job reads (a cover letter, practice interview
 * questions): the job an application is about, a catalogue job, and the seeker's side.
 */
import type { Queryable } from '../../platform/db/pool.ts'
import type { CoverLetterRow } from '../applications/index.ts'
import { findJobForLetter } from '../jobs/index.ts'
import { findProfileName, findWizardJson } from '../onboarding/index.ts'
import { findLatestParsedData } from '../professional-profiles/index.ts'
import {
  asText,
  type JobFacts,
  type LetterFacts,
  requirementsFrom,
  seekerFacts,
} from './letter-facts.ts'

/** A job of the catalogue as facts; null when no job has this id. */
export async function catalogueJob(db: Queryable, jobId: string): Promise<JobFacts | null> {
  const job = await findJobForLetter(db, jobId)
  if (!job) {
    return null
  }
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

/**
 * The job an application is about: the catalogue's row while it is there, else the snapshot the
 * application keeps of it (a job gone from the catalogue, or one added by hand).
 */
export async function applicationJob(
  db: Queryable,
  row: Pick<CoverLetterRow, 'job_id' | 'job_snapshot'>,
): Promise<JobFacts | null> {
  const job = row.job_id ? await catalogueJob(db, row.job_id) : null
  if (job) {
    return job
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

/**
 * The seeker's side beside a job: their latest parsed profile, their name, the onboarding
 * wizard's accomplishment and their notes about this role.
 */
export async function gatherLetterFacts(
  db: Queryable,
  userId: string,
  job: JobFacts,
  additionalContext: string | null,
): Promise<LetterFacts> {
  const [wizard, parsedProfile, profileName] = await Promise.all([
    findWizardJson(db, userId),
    findLatestParsedData(db, userId),
    findProfileName(db, userId),
  ])
  const accomplishment =
    wizard && typeof wizard === 'object' && 'job_accomplishment' in wizard
      ? wizard.job_accomplishment
      : null
  return {
    seeker: seekerFacts({
      parsedProfile,
      profileName,
      accomplishment: typeof accomplishment === 'string' ? accomplishment : null,
      additionalContext,
    }),
    job,
  }
}
