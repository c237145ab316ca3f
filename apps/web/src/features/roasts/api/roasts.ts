/**
 * The roasts' calls (issue 17; the API and the parody rule in packages/contracts/src/roasts.ts):
 * the seeker's own roasts (make, list, publish/unpublish, attach the review's video, delete) and
 * the two public reads the share pages make without a session. Which analysis is the seeker's
 * latest and whether it has a finished video are read through supabase-js with the seeker's own
 * rights (`resume_analyses` and `analysis_videos` are owner-readable), as the Resume page does.
 */
import {
  PublicRoastSchema,
  PublicRoastVideoSchema,
  type Roast,
  RoastSchema,
  type UpdateRoastBody,
} from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api'
import { loadSupabase } from '@/lib/supabase'

export const roastKeys = {
  all: ['roasts'] as const,
  mine: (userId: string) => ['roasts', 'mine', userId] as const,
  latestAnalysis: (userId: string) => ['roasts', 'latest-analysis', userId] as const,
  completedVideo: (analysisId: string) => ['roasts', 'completed-video', analysisId] as const,
  publicRoast: (id: string) => ['roasts', 'public', id] as const,
  publicVideo: (id: string) => ['roasts', 'public-video', id] as const,
}

const RoastListSchema = z.object({ roasts: z.array(RoastSchema) })

/** The seeker's own roasts, newest first. */
export function myRoastsQuery(userId: string) {
  return queryOptions({
    queryKey: roastKeys.mine(userId),
    queryFn: async ({ signal }) =>
      (await apiRequest('roasts', { schema: RoastListSchema, signal })).roasts,
  })
}

const LatestAnalysisSchema = z.object({ id: z.string(), status: z.string() }).nullable()
export type LatestAnalysis = z.infer<typeof LatestAnalysisSchema>

/** The seeker's latest analysis (its id and status), or null when they have none. */
export function latestAnalysisQuery(userId: string) {
  return queryOptions({
    queryKey: roastKeys.latestAnalysis(userId),
    queryFn: async (): Promise<LatestAnalysis> => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('resume_analyses')
        .select('id, status')
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .limit(1)
        .maybeSingle()
      if (error) {
        throw new Error('We couldn’t read your analyses.', { cause: error })
      }
      return LatestAnalysisSchema.parse(data)
    },
  })
}

/** The newest COMPLETED video of the analysis (its id), or null: what "Share the video too" shares. */
export function completedVideoQuery(analysisId: string) {
  return queryOptions({
    queryKey: roastKeys.completedVideo(analysisId),
    queryFn: async (): Promise<string | null> => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('analysis_videos')
        .select('id')
        .eq('resume_analysis_id', analysisId)
        .eq('status', 'COMPLETED')
        .order('created_at', { ascending: false })
        .limit(1)
        .maybeSingle()
      if (error) {
        throw new Error('We couldn’t read your review’s videos.', { cause: error })
      }
      return z.object({ id: z.string() }).nullable().parse(data)?.id ?? null
    },
  })
}

/** A new, private roast of a completed analysis. */
export function createRoast(resumeAnalysisId: string): Promise<Roast> {
  return apiRequest('roasts', { method: 'POST', body: { resumeAnalysisId }, schema: RoastSchema })
}

/** Publishes or unpublishes it, or attaches (or detaches, `null`) the review's video. */
export function updateRoast(id: string, body: UpdateRoastBody): Promise<Roast> {
  return apiRequest(`roasts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: RoastSchema,
  })
}

export async function deleteRoast(id: string): Promise<void> {
  await apiRequest(`roasts/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** A published roast, as anyone reads it (404 `roast_not_found` when unknown or private). */
export function publicRoastQuery(id: string) {
  return queryOptions({
    queryKey: roastKeys.publicRoast(id),
    queryFn: ({ signal }) =>
      apiRequest(`public/roasts/${encodeURIComponent(id)}`, { schema: PublicRoastSchema, signal }),
  })
}

/** A shared roast's video, as anyone reads it (404 `roast_not_found` likewise). */
export function publicRoastVideoQuery(id: string) {
  return queryOptions({
    queryKey: roastKeys.publicVideo(id),
    queryFn: ({ signal }) =>
      apiRequest(`public/roast-videos/${encodeURIComponent(id)}`, {
        schema: PublicRoastVideoSchema,
        signal,
      }),
  })
}
