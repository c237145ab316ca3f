/**
 * The Resume page's calls (issue 15; wire shapes in packages/contracts/src/resume-analysis.ts):
 * the latest analysis (polled while it runs), the profile's resume and its corrections, a new
 * analysis, LinkedIn's data-export ZIP, the match against one of the seeker's applications, and
 * that list of applications (read through supabase-js with the seeker's own rights, as the Saved
 * page reads it).
 */
import {
  type JsonResumeBody,
  LinkedinExportAnswerSchema,
  type ProfileResume,
  ProfileResumeSchema,
  type ResumeAnalysis,
  ResumeAnalysisSchema,
  ResumeJobMatchAnswerSchema,
} from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api'
import { apiUrl, readApiError } from '@/lib/api-request'
import { env } from '@/lib/env'
import { loadSupabase } from '@/lib/supabase'

export const resumeKeys = {
  all: ['resume'] as const,
  latest: (userId: string) => ['resume', 'latest', userId] as const,
  /** Per analysis: a new analysis's parse is read afresh. */
  profileResume: (profileId: string, analysisId: string) =>
    ['resume', 'profile', profileId, analysisId] as const,
  applications: (userId: string) => ['resume', 'applications', userId] as const,
}

/**
 * The seeker's latest analysis, or null when they have none yet. Which one is latest is read
 * from `resume_analyses` (owner only, over /rest/v1), then the analysis itself from the product
 * API: asking `GET /api/resume-analysis/latest` of someone with none answers 404, which the
 * browser logs as an error on a page that is only empty.
 */
export function latestAnalysisQuery(userId: string) {
  return queryOptions({
    queryKey: resumeKeys.latest(userId),
    queryFn: async ({ signal }): Promise<ResumeAnalysis | null> => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('resume_analyses')
        .select('id')
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .limit(1)
        .maybeSingle()
      if (error) {
        throw new Error('We couldn’t read your analyses.', { cause: error })
      }
      const latest = z.object({ id: z.string() }).nullable().parse(data)
      if (!latest) {
        return null
      }
      return apiRequest(`resume-analysis/${encodeURIComponent(latest.id)}`, {
        schema: ResumeAnalysisSchema,
        signal,
      })
    },
  })
}

/** The resume the app shows: the parse overlaid by the seeker's corrections. */
export function profileResumeQuery(profileId: string, analysisId: string) {
  return queryOptions({
    queryKey: resumeKeys.profileResume(profileId, analysisId),
    queryFn: ({ signal }) =>
      apiRequest(`professional-profiles/${encodeURIComponent(profileId)}/resume`, {
        schema: ProfileResumeSchema,
        signal,
      }),
  })
}

/** Saves the seeker's whole resume; what differs from the parse becomes their correction. */
export function saveProfileResume(
  profileId: string,
  resume: JsonResumeBody,
): Promise<ProfileResume> {
  return apiRequest(`professional-profiles/${encodeURIComponent(profileId)}/resume`, {
    method: 'PUT',
    body: resume,
    schema: ProfileResumeSchema,
  })
}

/** Analyses the profile's resume again (202, or 200 with the one already running). */
export function analyzeResume(profileId: string): Promise<ResumeAnalysis> {
  return apiRequest('resume-analysis/analyze', {
    method: 'POST',
    body: { id: profileId },
    schema: ResumeAnalysisSchema,
  })
}

/** The resume of an analysis against one of the seeker's applications (its saved job). */
export function matchApplication(analysisId: string, jobApplicationId: string) {
  return apiRequest(`resume-analysis/${encodeURIComponent(analysisId)}/match`, {
    method: 'POST',
    body: { jobApplicationId },
    schema: ResumeJobMatchAnswerSchema,
  })
}

/**
 * Sends LinkedIn's data-export ZIP as the raw body (the JSON client cannot), to fill `profileId`
 * when given, else a new profile; answers the profile and its queued analysis.
 */
export async function sendLinkedinExport(file: Blob, profileId: string | null) {
  const supabase = await loadSupabase()
  const { data } = await supabase.auth.getSession()
  const session = data.session
  const headers = new Headers({ accept: 'application/json', 'content-type': 'application/zip' })
  if (session) {
    headers.set('authorization', `Bearer ${session.access_token}`)
    headers.set('x-refresh-token', session.refresh_token)
  }
  const query = profileId ? `?profileId=${encodeURIComponent(profileId)}` : ''
  let response: Response
  try {
    response = await fetch(
      apiUrl(env.PUBLIC_API_BASE_URL, `professional-profiles/linkedin-export${query}`),
      { method: 'POST', headers, body: file, credentials: 'include' },
    )
  } catch (error) {
    throw new Error("We couldn't reach the server. Check your connection and try again.", {
      cause: error,
    })
  }
  if (!response.ok) {
    throw await readApiError(response)
  }
  return LinkedinExportAnswerSchema.parse(await response.json())
}

const ApplicationRow = z.object({
  id: z.string(),
  job_id: z.string().nullable(),
  job_title: z.string().nullable(),
  job_company_name: z.string().nullable(),
  status: z.string(),
})

/** One of the seeker's applications, as the job match offers it. */
export type MatchableApplication = {
  id: string
  title: string
  company: string | null
  status: string
}

/** The seeker's applications that still have their job, newest first. */
export function matchableApplicationsQuery(userId: string) {
  return queryOptions({
    queryKey: resumeKeys.applications(userId),
    queryFn: async (): Promise<MatchableApplication[]> => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('job_applications_with_job')
        .select('id, job_id, job_title, job_company_name, status')
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .limit(100)
      if (error) {
        throw new Error(error.message, { cause: error })
      }
      return z
        .array(ApplicationRow)
        .parse(data)
        .filter((row) => row.job_id !== null)
        .map((row) => ({
          id: row.id,
          title: row.job_title ?? 'Untitled job',
          company: row.job_company_name,
          status: row.status,
        }))
    },
  })
}
