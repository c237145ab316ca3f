/**
 * The seeker's applications, read through supabase-js from the `job_applications_with_job` view
 * with their own rights (row-level security shows only theirs), and "I applied", recorded as an
 * `applied` event in `job_application_events`: the database trigger moves the status to APPLIED
 * and sets `applied_at`. Users never write the status themselves.
 */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { loadSupabase } from '@/lib/supabase'
import { APPLICATION_STATUSES, type ApplicationStatus } from '../lib/application-status'

const COLUMNS =
  'id, job_id, status, applied_at, created_at, job_title, job_company_name, job_location, job_apply_url, latest_event_at, latest_event_type, match_score'

const ApplicationRow = z.object({
  id: z.string(),
  job_id: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  applied_at: z.string().nullable(),
  created_at: z.string(),
  job_title: z.string().nullable(),
  job_company_name: z.string().nullable(),
  job_location: z.string().nullable(),
  job_apply_url: z.string().nullable(),
  latest_event_at: z.string().nullable(),
  latest_event_type: z.string().nullable().optional(),
  match_score: z.number().nullable().optional(),
})

export type Application = {
  id: string
  /** Null when the job has left the catalogue; the application stays. */
  jobId: string | null
  status: ApplicationStatus
  appliedAt: string | null
  createdAt: string
  latestEventAt: string | null
  title: string | null
  company: string | null
  location: string | null
  applyUrl: string | null
  /** The match report's score (0–100), once one was prepared. */
  matchScore: number | null
}

function toApplication(data: unknown): Application {
  const row = ApplicationRow.parse(data)
  return {
    id: row.id,
    jobId: row.job_id,
    status: row.status,
    appliedAt: row.applied_at,
    createdAt: row.created_at,
    latestEventAt: row.latest_event_at,
    title: row.job_title,
    company: row.job_company_name,
    location: row.job_location,
    applyUrl: row.job_apply_url,
    matchScore: row.match_score ?? null,
  }
}

export const applicationKeys = {
  all: ['applications'] as const,
  list: (userId: string) => ['applications', 'list', userId] as const,
  forJob: (userId: string, jobId: string) => ['applications', 'job', userId, jobId] as const,
  detail: (applicationId: string) => ['applications', 'detail', applicationId] as const,
  events: (applicationId: string) => ['applications', 'events', applicationId] as const,
  context: (applicationId: string) => ['applications', 'context', applicationId] as const,
}

/** Every application of the user, newest first (when it was saved). */
export function applicationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: applicationKeys.list(userId),
    queryFn: async () => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('job_applications_with_job')
        .select(COLUMNS)
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
      if (error) {
        throw new Error(error.message, { cause: error })
      }
      return (data as unknown[]).map(toApplication)
    },
    // A right swipe elsewhere adds one: the list reads again each time it is opened.
    staleTime: 0,
  })
}

/** The user's application for one job (saved by a right swipe), or null. */
export function applicationForJobQueryOptions(userId: string, jobId: string) {
  return queryOptions({
    queryKey: applicationKeys.forJob(userId, jobId),
    queryFn: async () => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('job_applications_with_job')
        .select(COLUMNS)
        .eq('user_id', userId)
        .eq('job_id', jobId)
        .order('created_at', { ascending: false })
        .limit(1)
        .maybeSingle()
      if (error) {
        throw new Error(error.message, { cause: error })
      }
      return data ? toApplication(data) : null
    },
    staleTime: 0,
  })
}

/** "I applied": an `applied` event on the user's application (the trigger sets the status). */
export async function recordApplied(userId: string, applicationId: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase
    .from('job_application_events')
    .insert({ job_application_id: applicationId, user_id: userId, type: 'applied' })
  if (error) {
    throw new Error(error.message, { cause: error })
  }
}
