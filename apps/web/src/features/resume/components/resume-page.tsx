import type { ProfileResume, ResumeAnalysis } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleAlert, RefreshCw } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { analyzeResume, latestAnalysisQuery, profileResumeQuery, resumeKeys } from '../api/resume'
import { ANALYSIS_POLL_MS, failureAdvice, isRunning } from '../lib/analysis-progress'
import { describeResumeError } from '../lib/describe-error'
import { AnalysisProgress } from './analysis-progress'
import { AnalysisVideoCard } from './analysis-video'
import { JobMatch } from './job-match'
import { ResumeEditor } from './resume-editor'
import { ResumeReviewView } from './resume-review'
import { type RenderUpload, ResumeSources } from './resume-sources'

/**
 * The Resume area (/resume): the latest analysis of the seeker's resume and their profile. No
 * resume yet: upload a PDF or start from LinkedIn. Running: its progress, asked again every
 * 1.5 s. Failed: why, and what to do. Done: the parsed profile to correct, the review, and a
 * match against one of their saved jobs, and the review made into a video (analysis-video.tsx).
 */
export function ResumePage({
  userId,
  renderUpload,
}: {
  userId: string
  renderUpload: RenderUpload
}) {
  const queryClient = useQueryClient()
  const latest = useQuery({
    ...latestAnalysisQuery(userId),
    refetchInterval: (query) => (isRunning(query.state.data ?? null) ? ANALYSIS_POLL_MS : false),
  })
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resumeKeys.latest(userId) })

  if (latest.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading your resume…
      </p>
    )
  }
  if (latest.isError) {
    return (
      <div className="flex flex-col gap-3">
        <FormAlert message={`We couldn’t load your resume: ${describeResumeError(latest.error)}`} />
        <Button type="button" variant="outline" className="self-start" onClick={refresh}>
          Try again
        </Button>
      </div>
    )
  }
  const analysis = latest.data
  if (!analysis) {
    return (
      <div className="flex flex-col gap-6" data-resume-state="empty">
        <p className="text-pretty">
          No resume yet. Upload it and we’ll read it into your profile, review it line by line, and
          match it against the jobs you save.
        </p>
        <ResumeSources renderUpload={renderUpload} profileId={null} onStarted={refresh} />
      </div>
    )
  }
  if (isRunning(analysis)) {
    return (
      <div data-resume-state="running">
        <AnalysisProgress analysis={analysis} />
      </div>
    )
  }
  if (analysis.status === 'PENDING') {
    // Waiting for LinkedIn's export: the profile has only its LinkedIn address.
    return (
      <div className="flex flex-col gap-6" data-resume-state="awaiting-export">
        <p className="text-pretty">
          We have your LinkedIn address{analysis.linkedinUrl ? ` (${analysis.linkedinUrl})` : ''}{' '}
          but can’t read LinkedIn ourselves. Send us one of LinkedIn’s own exports to finish.
        </p>
        <ResumeSources
          renderUpload={renderUpload}
          profileId={analysis.professionalProfileId}
          onStarted={refresh}
          linkedinFirst
        />
      </div>
    )
  }
  if (analysis.status === 'FAILED') {
    return <AnalysisFailed analysis={analysis} renderUpload={renderUpload} onStarted={refresh} />
  }
  return (
    <CompletedAnalysis
      userId={userId}
      analysis={analysis}
      renderUpload={renderUpload}
      onStarted={refresh}
    />
  )
}

function AnalysisFailed({
  analysis,
  renderUpload,
  onStarted,
}: {
  analysis: ResumeAnalysis
  renderUpload: RenderUpload
  onStarted: () => void
}) {
  const retry = useMutation({
    mutationFn: () => analyzeResume(analysis.professionalProfileId ?? ''),
    onSuccess: onStarted,
  })
  return (
    <div className="flex flex-col gap-6" data-resume-state="failed">
      <section
        aria-labelledby="analysis-failed-heading"
        className="flex flex-col gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 sm:p-6"
      >
        <h2 id="analysis-failed-heading" className="flex items-center gap-2 text-lg font-semibold">
          <CircleAlert aria-hidden="true" className="size-5 text-destructive" />
          We couldn’t analyse your resume
        </h2>
        <p className="text-pretty">
          {analysis.error ?? 'The analysis stopped before it finished.'}
        </p>
        <p className="text-sm text-pretty text-muted-foreground">
          {failureAdvice(analysis.failure)}
        </p>
        <FormAlert message={retry.error && describeResumeError(retry.error)} />
        {analysis.professionalProfileId && (
          <PendingButton
            type="button"
            variant="outline"
            className="self-start"
            pending={retry.isPending}
            pendingLabel="Starting…"
            onClick={() => retry.mutate()}
          >
            <RefreshCw aria-hidden="true" />
            Try again
          </PendingButton>
        )}
      </section>
      <ResumeSources
        renderUpload={renderUpload}
        profileId={analysis.professionalProfileId}
        onStarted={onStarted}
      />
    </div>
  )
}

function CompletedAnalysis({
  userId,
  analysis,
  renderUpload,
  onStarted,
}: {
  userId: string
  analysis: ResumeAnalysis
  renderUpload: RenderUpload
  onStarted: () => void
}) {
  const queryClient = useQueryClient()
  const profileId = analysis.professionalProfileId ?? ''
  const profileQuery = profileResumeQuery(profileId, analysis.id)
  const profile = useQuery({ ...profileQuery, enabled: profileId !== '' })
  const again = useMutation({ mutationFn: () => analyzeResume(profileId), onSuccess: onStarted })

  return (
    <div className="flex flex-col gap-10" data-resume-state="completed">
      <nav aria-label="On this page" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a
          href="#profile-heading"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Your profile
        </a>
        <a
          href="#review-heading"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Review{analysis.result ? ` (grade ${analysis.result.grade})` : ''}
        </a>
        <a
          href="#job-match-heading"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Job match
        </a>
      </nav>

      {profile.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading your profile…
        </p>
      ) : profile.isError ? (
        <FormAlert
          message={`We couldn’t load your profile: ${describeResumeError(profile.error)}`}
        />
      ) : (
        <ResumeEditor
          key={analysis.id}
          profile={profile.data}
          onSaved={(saved: ProfileResume) => queryClient.setQueryData(profileQuery.queryKey, saved)}
        />
      )}

      {analysis.result ? (
        <ResumeReviewView review={analysis.result} input={analysis.input}>
          <AnalysisVideoCard key={analysis.id} analysisId={analysis.id} />
        </ResumeReviewView>
      ) : (
        <p className="text-sm text-muted-foreground">This analysis has no review.</p>
      )}

      <JobMatch userId={userId} analysisId={analysis.id} />

      <details className="group flex flex-col gap-4 rounded-xl border p-4 sm:p-6">
        <summary className="cursor-pointer font-semibold">
          Upload a new version or analyse again
        </summary>
        <div className="mt-4 flex flex-col gap-4">
          <FormAlert message={again.error && describeResumeError(again.error)} />
          <PendingButton
            type="button"
            variant="outline"
            className="self-start"
            pending={again.isPending}
            pendingLabel="Starting…"
            onClick={() => again.mutate()}
          >
            <RefreshCw aria-hidden="true" />
            Analyse this resume again
          </PendingButton>
          <p className="text-sm text-muted-foreground">
            Your corrections stay: they win over a new analysis.
          </p>
          <ResumeSources
            renderUpload={renderUpload}
            profileId={profileId || null}
            onStarted={onStarted}
          />
        </div>
      </details>
    </div>
  )
}
