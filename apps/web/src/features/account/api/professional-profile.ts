/**
 * The professional profile (spec §3: the latest one per user is used), read through the
 * `latest_professional_profiles` view with the user's rights, and the upload-link email that
 * lets them add a resume from a computer (POST emails/resume-upload).
 */
import { RESUME_ANALYSIS_STATUSES, RESUME_ANALYSIS_STEPS } from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import type { ResumeAnalysisRow } from '../lib/analysis-status'

const LatestProfileRow = z.object({
  id: z.string(),
  file_name: z.string().nullable(),
  original_file_name: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  updated_at: z.string(),
})

export type LatestProfessionalProfile = {
  id: string
  fileName: string | null
  /** The name the file had on the user's computer, when the upload page sent it. */
  originalFileName: string | null
  linkedinUrl: string | null
  updatedAt: string
}

/** The latest professional profile, or null when the user has none yet. */
export async function getLatestProfessionalProfile(
  userId: string,
): Promise<LatestProfessionalProfile | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase
    .from('latest_professional_profiles')
    .select('id, file_name, original_file_name, linkedin_url, updated_at')
    .eq('user_id', userId)
    .maybeSingle()
  if (error) {
    logger.error('Failed to fetch profile', error)
    throw new Error('Failed to fetch profile', { cause: error })
  }
  if (!data) {
    return null
  }
  const row = LatestProfileRow.parse(data)
  return {
    id: row.id,
    fileName: row.file_name,
    originalFileName: row.original_file_name,
    linkedinUrl: row.linkedin_url,
    updatedAt: row.updated_at,
  }
}

export function latestProfessionalProfileQuery(userId: string) {
  return queryOptions({
    queryKey: ['account', 'professional-profile', userId],
    queryFn: () => getLatestProfessionalProfile(userId),
    retry: false,
  })
}

/**
 * Emails the user a one-time link to the upload page. Refusals come back as `ApiError` with
 * the server's explanation (a guest has no address; one request a minute).
 */
export async function emailUploadLink(): Promise<void> {
  await apiRequest('emails/resume-upload', {
    method: 'POST',
    schema: z.object({ sent: z.literal(true) }),
  })
}

const AnalysisRow = z.object({
  status: z.enum(RESUME_ANALYSIS_STATUSES),
  progress_step: z.enum(RESUME_ANALYSIS_STEPS).nullable(),
  score: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
})

/**
 * The latest analysis of a professional profile's resume (`resume_analyses`, the owner reads
 * their own), or null while the queue has not recorded the request yet.
 */
export async function getLatestAnalysis(profileId: string): Promise<ResumeAnalysisRow | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase
    .from('resume_analyses')
    .select('status, progress_step, score, error, created_at, completed_at')
    .eq('professional_profile_id', profileId)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle()
  if (error) {
    logger.error('Failed to fetch the resume analysis', error)
    throw new Error('Failed to fetch the resume analysis', { cause: error })
  }
  if (!data) {
    return null
  }
  const row = AnalysisRow.parse(data)
  return {
    status: row.status,
    progressStep: row.progress_step,
    score: row.score,
    error: row.error,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  }
}

export function latestAnalysisQuery(profileId: string) {
  return queryOptions({
    queryKey: ['account', 'resume-analysis', profileId],
    queryFn: () => getLatestAnalysis(profileId),
    retry: false,
  })
}
