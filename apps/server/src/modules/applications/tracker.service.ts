/**
 * The tracker's rules: the additional context (spec section 7), feedback on what was prepared,
 * and applications added by hand.
 *
 * An application added by hand is free: it is a job found elsewhere, for which nothing is
 * prepared (no cover letter, no match report; a right swipe pays for those). Its job lives only
 * in its snapshot (`job_id` null).
 */
import type {
  AdditionalContextResponse,
  CreateApplicationRequest,
  FeedbackRequestSchema,
  JobSnapshot,
} from '@app/contracts'
import type { z } from 'zod'
import type { Queryable } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import {
  type CreatedApplicationRow,
  type FeedbackRow,
  findAdditionalContext,
  insertApplicationByHand,
  insertFeedback,
  updateAdditionalContext,
} from './tracker.repository.ts'

const notFound = () => new AppError('not_found', 'Job application not found')

export async function readAdditionalContext(
  db: Queryable,
  userId: string,
  applicationId: string,
): Promise<AdditionalContextResponse> {
  const row = await findAdditionalContext(db, userId, applicationId)
  if (!row) {
    throw notFound()
  }
  return row
}

/** Saves the context; an empty (or blank) value clears it. */
export async function saveAdditionalContext(
  db: Queryable,
  userId: string,
  pathId: string,
  body: { jobApplicationId: string; value: string },
): Promise<AdditionalContextResponse> {
  if (body.jobApplicationId !== pathId) {
    throw new AppError(
      'id_mismatch',
      `The body's jobApplicationId (${body.jobApplicationId}) is not the path's id (${pathId})`,
    )
  }
  const value = body.value.trim() === '' ? null : body.value
  const row = await updateAdditionalContext(db, userId, pathId, value)
  if (!row) {
    throw notFound()
  }
  return row
}

export async function recordFeedback(
  db: Queryable,
  userId: string,
  body: z.output<typeof FeedbackRequestSchema>,
): Promise<FeedbackRow> {
  const row = await insertFeedback(db, {
    userId,
    applicationId: body.jobApplicationId,
    subject: body.subject,
    rating: body.rating,
    reasons: body.reasons,
    comment: body.comment || null,
  })
  if (!row) {
    throw notFound()
  }
  return row
}

/**
 * What the catalogue's JSON-LD reader finds in a job page (its first schema.org JobPosting, as a
 * catalogue row), or null. The wiring passes the jobs module's reader in: jobs depends on
 * swipes, which depends on this module, so this module cannot import jobs.
 */
export type ReadJobPage = (html: string, pageUrl: string | null) => JobPageFacts | null

export type JobPageFacts = {
  title: string
  companyName: string | null
  location: string | null
  description: string
  applyUrl: string | null
  salary: { min: number | null; max: number | null; currency: string; period: string } | null
  skills: string[]
  postedAt: Date | null
  expiresAt: Date | null
}

/** The snapshot of a pasted job page; 400 `job_posting_not_found` when it has no posting. */
export function snapshotFromJobPage(
  readJobPage: ReadJobPage,
  html: string,
  url: string | null | undefined,
): JobSnapshot {
  const job = readJobPage(html, url ?? null)
  if (!job) {
    throw new AppError(
      'job_posting_not_found',
      'The page has no schema.org JobPosting to read: add the job by its title and company instead',
    )
  }
  return {
    title: job.title,
    company: job.companyName,
    location: job.location,
    description: job.description || null,
    applyUrl: job.applyUrl ?? url ?? null,
    salary: job.salary
      ? {
          min: job.salary.min,
          max: job.salary.max,
          currency: job.salary.currency,
          period: job.salary.period,
        }
      : null,
    skills: job.skills,
    source: 'manual',
    postedAt: job.postedAt?.toISOString() ?? null,
    expiresAt: job.expiresAt?.toISOString() ?? null,
  }
}

export async function addApplicationByHand(
  db: Queryable,
  readJobPage: ReadJobPage,
  userId: string,
  body: CreateApplicationRequest,
): Promise<CreatedApplicationRow> {
  const snapshot: JobSnapshot =
    'jobPageHtml' in body
      ? snapshotFromJobPage(readJobPage, body.jobPageHtml, body.url)
      : {
          title: body.title,
          company: body.company,
          location: null,
          description: null,
          applyUrl: body.url ?? null,
          salary: null,
          skills: [],
          source: 'manual',
          postedAt: null,
          expiresAt: null,
        }
  return insertApplicationByHand(db, userId, snapshot)
}
