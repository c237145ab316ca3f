/**
 * The tracker's reads and writes beyond the list: one application (the job snapshot, the letter
 * and the match report), its events (through supabase-js with the user's own rights; the
 * database's status rule moves the status), and the product API's additional context, feedback
 * and applications added by hand (packages/contracts/src/applications.ts).
 */
import {
  AdditionalContextResponseSchema,
  type ApplicationEventType,
  type CreateApplicationRequest,
  CreateApplicationResponseSchema,
  type FeedbackRequest,
  FeedbackResponseSchema,
  type JobSnapshot,
  JobSnapshotSchema,
  type MatchReport,
  MatchReportSchema,
} from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api'
import { loadSupabase } from '@/lib/supabase'
import { APPLICATION_STATUSES, type ApplicationStatus } from '../lib/application-status'
import { applicationKeys } from './applications'

const DetailRow = z.object({
  id: z.string(),
  job_id: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  cover_letter: z.string().nullable(),
  cover_letter_path: z.string().nullable(),
  job_title: z.string().nullable(),
  job_company_name: z.string().nullable(),
  job_location: z.string().nullable(),
  job_description: z.string().nullable(),
  job_apply_url: z.string().nullable(),
  job_snapshot: z.unknown().nullable(),
})

export type ApplicationDetail = {
  id: string
  jobId: string | null
  status: ApplicationStatus
  createdAt: string
  appliedAt: string | null
  title: string | null
  company: string | null
  location: string | null
  description: string | null
  applyUrl: string | null
  snapshot: JobSnapshot | null
  coverLetter: string | null
  coverLetterPath: string | null
  matchReport: MatchReport | null
}

/** One application of the user, or null when they have none with this id. */
export function applicationDetailQueryOptions(applicationId: string) {
  return queryOptions({
    queryKey: applicationKeys.detail(applicationId),
    queryFn: async (): Promise<ApplicationDetail | null> => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('job_applications_with_job')
        .select(
          'id, job_id, status, created_at, applied_at, cover_letter, cover_letter_path, job_title, job_company_name, job_location, job_description, job_apply_url, job_snapshot',
        )
        .eq('id', applicationId)
        .maybeSingle()
      if (error) {
        throw new Error(error.message, { cause: error })
      }
      if (!data) {
        return null
      }
      const row = DetailRow.parse(data)
      const snapshot = JobSnapshotSchema.safeParse(row.job_snapshot)
      return {
        id: row.id,
        jobId: row.job_id,
        status: row.status,
        createdAt: row.created_at,
        appliedAt: row.applied_at,
        title: row.job_title,
        company: row.job_company_name,
        location: row.job_location,
        description: row.job_description,
        applyUrl: row.job_apply_url,
        snapshot: snapshot.success ? snapshot.data : null,
        coverLetter: row.cover_letter,
        coverLetterPath: row.cover_letter_path,
        matchReport: await readMatchReport(applicationId),
      }
    },
    staleTime: 0,
  })
}

/** The match report prepared with the letter (null: none yet, or none for this application). */
async function readMatchReport(applicationId: string): Promise<MatchReport | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase
    .from('job_applications')
    .select('match_report')
    .eq('id', applicationId)
    .maybeSingle()
  if (error || !data) {
    return null
  }
  const report = MatchReportSchema.safeParse(data.match_report)
  return report.success ? report.data : null
}

const EventRow = z.object({
  id: z.string(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
})
export type ApplicationEvent = {
  id: string
  type: string
  payload: Record<string, unknown>
  createdAt: string
}

/** The application's events, newest first. */
export function applicationEventsQueryOptions(applicationId: string) {
  return queryOptions({
    queryKey: applicationKeys.events(applicationId),
    queryFn: async (): Promise<ApplicationEvent[]> => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('job_application_events')
        .select('id, type, payload, created_at')
        .eq('job_application_id', applicationId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
      if (error) {
        throw new Error(error.message, { cause: error })
      }
      return (data as unknown[]).map((item) => {
        const row = EventRow.parse(item)
        return { id: row.id, type: row.type, payload: row.payload, createdAt: row.created_at }
      })
    },
    staleTime: 0,
  })
}

/** Records an event; the database moves the status (and refuses a malformed payload). */
export async function recordEvent(
  userId: string,
  applicationId: string,
  type: ApplicationEventType,
  payload: Record<string, unknown> = {},
): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase
    .from('job_application_events')
    .insert({ job_application_id: applicationId, user_id: userId, type, payload })
  if (error) {
    throw new Error(error.message, { cause: error })
  }
}

export function additionalContextQueryOptions(applicationId: string) {
  return queryOptions({
    queryKey: applicationKeys.context(applicationId),
    queryFn: () =>
      apiRequest(
        `job-applications/additional-context?jobApplicationId=${encodeURIComponent(applicationId)}`,
        { schema: AdditionalContextResponseSchema },
      ),
    staleTime: 0,
  })
}

export function saveAdditionalContext(applicationId: string, value: string) {
  return apiRequest(`job-applications/additional-context/${encodeURIComponent(applicationId)}`, {
    method: 'PUT',
    body: { value, jobApplicationId: applicationId },
    schema: AdditionalContextResponseSchema,
  })
}

export function sendFeedback(body: FeedbackRequest) {
  return apiRequest('job-applications/feedback', {
    method: 'POST',
    body,
    schema: FeedbackResponseSchema,
  })
}

export function createApplication(body: CreateApplicationRequest) {
  return apiRequest('job-applications', {
    method: 'POST',
    body,
    schema: CreateApplicationResponseSchema,
  })
}

/** Downloads the letter's PDF from the `cover-letters` bucket (the owner's own folder). */
export async function downloadCoverLetter(path: string): Promise<Blob> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.storage.from('cover-letters').download(path)
  if (error) {
    throw new Error(error.message, { cause: error })
  }
  return data
}
