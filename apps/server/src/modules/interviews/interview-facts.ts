/**
 * What a practice interview is for, as facts the question generator reads: one of the seeker's
 * applications (its job, their notes about it), a catalogue job, or a role they typed; plus the
 * O*NET task statements of the job's occupation and, for a typed role, the technology skills
 * O*NET lists for it (the in-demand ones first).
 */
import type { StartInterviewBody } from '@app/contracts'
import type { Queryable } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { findCoverLetterRow } from '../applications/index.ts'
import {
  applicationJob,
  catalogueJob,
  gatherLetterFacts,
  type JobFacts,
  type LetterFacts,
} from '../cover-letters/index.ts'
import { displaySkillName, loadTasks, loadTechnologySkills, normalizeTitle } from '../jobs/index.ts'

export type InterviewFacts = {
  facts: LetterFacts
  tasks: string[]
  jobApplicationId: string | null
  jobId: string | null
}

/** A title matched at least this well names its occupation (below: no O*NET tasks). */
const OCCUPATION_MATCH = 0.5
const TASKS_USED = 12
const ROLE_SKILLS = 8

export async function interviewFacts(
  db: Queryable,
  userId: string,
  body: Pick<StartInterviewBody, 'jobApplicationId' | 'jobId' | 'role'>,
): Promise<InterviewFacts> {
  if (body.jobApplicationId) {
    const application = await findCoverLetterRow(db, userId, body.jobApplicationId)
    const job = application && (await applicationJob(db, application))
    if (!application || !job) {
      throw new AppError('job_application_not_found', 'Job application not found')
    }
    return {
      facts: await gatherLetterFacts(db, userId, job, application.additional_context),
      tasks: occupationTasks(job.title),
      jobApplicationId: application.id,
      jobId: application.job_id,
    }
  }
  if (body.jobId) {
    const job = await catalogueJob(db, body.jobId)
    if (!job) {
      throw new AppError('job_not_found', 'Job not found')
    }
    return {
      facts: await gatherLetterFacts(db, userId, job, null),
      tasks: occupationTasks(job.title),
      jobApplicationId: null,
      jobId: body.jobId,
    }
  }
  const role = body.role!.trim()
  const job: JobFacts = {
    title: role,
    company: null,
    location: null,
    skills: occupationSkills(role),
    requirements: [],
    description: null,
    applyUrl: null,
  }
  return {
    facts: await gatherLetterFacts(db, userId, job, null),
    tasks: occupationTasks(role),
    jobApplicationId: null,
    jobId: null,
  }
}

function occupationCode(title: string): string | null {
  const match = normalizeTitle(title)
  return match && match.score >= OCCUPATION_MATCH ? match.code : null
}

function occupationTasks(title: string): string[] {
  const code = occupationCode(title)
  return code ? (loadTasks().get(code) ?? []).slice(0, TASKS_USED) : []
}

function occupationSkills(title: string): string[] {
  const code = occupationCode(title)
  if (!code) {
    return []
  }
  const skills = loadTechnologySkills()
    .filter((skill) => skill.code === code)
    .sort((a, b) => Number(b.inDemand) - Number(a.inDemand) || Number(b.hot) - Number(a.hot))
  return [...new Set(skills.map((skill) => displaySkillName(skill.name)))].slice(0, ROLE_SKILLS)
}
