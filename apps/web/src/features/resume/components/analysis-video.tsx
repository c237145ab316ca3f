import { type AnalysisVideo, PlanRequiredDetailsSchema } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Clapperboard, Download, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { SeePlansButton } from '@/components/paywall-slot'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { isApiError } from '@/lib/api'
import {
  ANALYSIS_VIDEO_POLL_MS,
  analysisVideoQuery,
  generateAnalysisVideo,
  isVideoInProgress,
} from '../api/analysis-video'
import { describeResumeError } from '../lib/describe-error'

/**
 * "Your review as a video" (issue 17): a completed analysis made into a 30–60 s vertical video
 * (1080×1920, narrated). "Make the video" asks the server for one; the card then reads its status
 * every 1.5 s while it is queued or rendering (a bar with the percentage), and stops when it is
 * done, failed, when a read fails, or when the card goes away. Done: the player (9:16, at most
 * ~340 px wide), "Download MP4" and "Make it again", which keeps the old video in view until the
 * new one replaces it. Failed: why, and "Try again".
 *
 * The video being followed lives only in this card's state (one card per analysis: the page
 * keys it by the analysis id). There is no list of a seeker's videos to read back, so after a
 * reload the card offers "Make the video" again; if one is still being made the server answers
 * with that one, and the card follows it.
 */
export function AnalysisVideoCard({ analysisId }: { analysisId: string }) {
  const queryClient = useQueryClient()
  /** The video asked for last, and the completed one shown until it is replaced. */
  const [ids, setIds] = useState<{ current: string | null; previous: string | null }>({
    current: null,
    previous: null,
  })

  const current = useQuery({
    ...analysisVideoQuery(ids.current ?? ''),
    enabled: ids.current !== null,
    // The answer to the generate call is put in the cache: the first read is one interval later.
    staleTime: Infinity,
    refetchInterval: (query) =>
      query.state.status !== 'error' && isVideoInProgress(query.state.data)
        ? ANALYSIS_VIDEO_POLL_MS
        : false,
  })
  // Only ever read from the cache, where the status reads left it.
  const previous = useQuery({
    ...analysisVideoQuery(ids.previous ?? ''),
    enabled: false,
    staleTime: Infinity,
  })

  const generate = useMutation({
    mutationFn: () => generateAnalysisVideo(analysisId),
    onSuccess: (video) => {
      queryClient.setQueryData(analysisVideoQuery(video.id).queryKey, video)
      setIds((before) => ({
        current: video.id,
        previous:
          before.current !== video.id && current.data?.status === 'COMPLETED'
            ? before.current
            : before.previous,
      }))
    },
  })

  // 402 `plan_required`: videos come with a paid plan; the paywall shows the plans that have them.
  const planRequired = readPlanRequired(generate.error)
  const video = ids.current ? current.data : undefined
  const inProgress = isVideoInProgress(video)
  const shown =
    video?.status === 'COMPLETED'
      ? video
      : previous.data?.status === 'COMPLETED' && ids.previous
        ? previous.data
        : null
  const failed = video?.status === 'FAILED' ? video : null
  const state = inProgress ? 'rendering' : failed ? 'failed' : shown ? 'completed' : 'idle'
  const announcement = inProgress
    ? 'Making your video…'
    : failed
      ? 'Your video could not be made.'
      : video?.status === 'COMPLETED'
        ? 'Your video is ready.'
        : ''

  return (
    <section
      aria-labelledby="analysis-video-heading"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
      data-video-state={state}
    >
      <div className="flex flex-col gap-1">
        <h3 id="analysis-video-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Clapperboard aria-hidden="true" className="size-5 shrink-0" />
          Your review as a video
        </h3>
        <p className="text-sm text-pretty text-muted-foreground">
          A 30–60 second vertical video of your grade, your strengths and what to fix, narrated: to
          watch on your phone or to share.
        </p>
      </div>

      <p role="status" aria-live="polite" className="text-sm font-medium empty:hidden">
        {announcement}
      </p>

      {shown?.video && <VideoPlayer video={shown} />}

      {inProgress && video && <VideoProgress video={video} />}

      {failed && (
        <p className="text-sm text-pretty" data-testid="analysis-video-error">
          {failed.error ?? 'The video stopped before it was finished.'}
        </p>
      )}

      <FormAlert message={generate.error && describeGenerateError(generate.error)} />
      {planRequired && (
        <SeePlansButton
          reason={{ kind: 'plan', feature: 'analysisVideos', plans: planRequired.plans }}
        />
      )}
      {current.isError && (
        <FormAlert
          message={`We couldn’t check on your video: ${describeResumeError(current.error)}`}
        />
      )}

      <div className="flex flex-wrap gap-3">
        {shown?.video && (
          <Button asChild variant="outline">
            <a href={shown.video.url} download="resume-review.mp4">
              <Download aria-hidden="true" />
              Download MP4
            </a>
          </Button>
        )}
        {current.isError ? (
          <Button type="button" variant="outline" onClick={() => void current.refetch()}>
            <RefreshCw aria-hidden="true" />
            Check again
          </Button>
        ) : (
          !inProgress && (
            <PendingButton
              type="button"
              variant={state === 'idle' ? 'default' : 'outline'}
              pending={generate.isPending}
              pendingLabel="Starting…"
              onClick={() => generate.mutate()}
            >
              {state === 'idle' ? (
                'Make the video'
              ) : (
                <>
                  <RefreshCw aria-hidden="true" />
                  {failed ? 'Try again' : 'Make it again'}
                </>
              )}
            </PendingButton>
          )
        )}
      </div>
    </section>
  )
}

function VideoProgress({ video }: { video: AnalysisVideo }) {
  const percent = video.status === 'PENDING' ? 0 : video.progress
  return (
    <div className="flex flex-col gap-2">
      <Progress value={percent} aria-label="Video progress" aria-valuetext={`${percent}%`} />
      <p className="text-sm tabular-nums">
        {video.status === 'PENDING' ? 'Waiting for its turn…' : 'Rendering…'} {percent}%
      </p>
      <p className="text-sm text-pretty text-muted-foreground">
        It takes about half a minute. Stay on this page: the video appears here when it’s ready.
      </p>
    </div>
  )
}

function VideoPlayer({ video }: { video: AnalysisVideo }) {
  const file = video.video
  if (!file) {
    return null
  }
  const seconds = Math.round(file.durationSeconds)
  return (
    <figure className="flex flex-col gap-2">
      <video
        key={video.id}
        controls
        playsInline
        preload="metadata"
        src={file.url}
        poster={file.posterUrl}
        width={file.width}
        height={file.height}
        aria-label={`Your resume review as a video (${seconds} seconds)`}
        data-testid="analysis-video-player"
        className="aspect-[9/16] h-auto w-full max-w-[340px] rounded-xl bg-black"
      >
        <track
          kind="captions"
          src={file.captionsUrl ?? undefined}
          srcLang="en"
          label="English"
          default
        />
      </video>
      <figcaption className="text-xs text-pretty text-muted-foreground">
        The video narrates the review above: everything it says is written there.
      </figcaption>
    </figure>
  )
}

function readPlanRequired(error: unknown) {
  if (!isApiError(error) || error.code !== 'plan_required') {
    return null
  }
  const details = PlanRequiredDetailsSchema.safeParse(error.details)
  return { plans: details.success ? details.data.plans : undefined }
}

function describeGenerateError(error: unknown): string {
  if (isApiError(error) && error.code === 'analysis_not_ready') {
    return 'Your review isn’t finished yet: the video can be made once it is.'
  }
  if (isApiError(error) && error.code === 'plan_required') {
    return 'Analysis videos come with a paid plan.'
  }
  return describeResumeError(error)
}
