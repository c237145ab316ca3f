import { RESUME_ANALYSIS_PROCESSING } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleAlert, CircleCheck, Clock, LoaderCircle, CirclePause } from 'lucide-react'
import { useState } from 'react'
import { cn } from '@/lib/cn'
import { latestAnalysisQuery } from '../api/professional-profile'
import {
  ANALYSIS_POLL_INTERVAL_MS,
  ANALYSIS_POLL_LIMIT_MS,
  type AnalysisState,
  describeAnalysis,
} from '../lib/analysis-status'
import { describeAccountError } from '../lib/describe-account-error'

const ICONS: Record<AnalysisState['tone'], typeof Clock> = {
  waiting: Clock,
  working: LoaderCircle,
  done: CircleCheck,
  failed: CircleAlert,
  off: CirclePause,
}

/**
 * Where the resume's analysis stands, in words (`describeAnalysis`): requested, queued,
 * running, done or failed, with the usual time when there is one, or plainly that this install
 * does not analyse resumes. While the answer may still change the page asks again every few
 * seconds, for ten minutes at most. The line is a polite live region: a change is announced.
 */
export function AnalysisStatus({
  profileId,
  profileUpdatedAt,
}: {
  profileId: string
  profileUpdatedAt: string
}) {
  const [pollingSince] = useState(() => Date.now())
  const analysis = useQuery({
    ...latestAnalysisQuery(profileId),
    refetchInterval: (query) => {
      if (query.state.status === 'error' || Date.now() - pollingSince > ANALYSIS_POLL_LIMIT_MS) {
        return false
      }
      const state = describeAnalysis(
        RESUME_ANALYSIS_PROCESSING,
        query.state.data ?? null,
        profileUpdatedAt,
        new Date(),
      )
      return state.poll ? ANALYSIS_POLL_INTERVAL_MS : false
    },
  })

  if (analysis.isPending) {
    return null
  }
  if (analysis.isError) {
    return (
      <p className="text-sm text-destructive">
        We couldn’t read your analysis: {describeAccountError(analysis.error)}
      </p>
    )
  }
  const state = describeAnalysis(
    RESUME_ANALYSIS_PROCESSING,
    analysis.data,
    profileUpdatedAt,
    new Date(),
  )
  const Icon = ICONS[state.tone]
  return (
    <div
      role="status"
      aria-live="polite"
      data-analysis-state={state.tone}
      className="flex items-start gap-3 rounded-lg border p-3"
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-5 shrink-0',
          state.tone === 'working' && 'animate-spin motion-reduce:animate-none',
          state.tone === 'done' && 'text-success-text',
          state.tone === 'failed' && 'text-destructive',
          (state.tone === 'waiting' || state.tone === 'off') && 'text-muted-foreground',
        )}
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium">{state.title}</p>
        <p className="text-sm text-pretty text-muted-foreground">{state.detail}</p>
        {state.tone !== 'off' && (
          <Link
            to="/resume"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {state.tone === 'done' ? 'See your review' : 'Open Resume'}
          </Link>
        )}
      </div>
    </div>
  )
}
