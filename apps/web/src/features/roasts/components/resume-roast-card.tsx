import type { Roast } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Flame, Globe, Lock, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import {
  completedVideoQuery,
  createRoast,
  deleteRoast,
  latestAnalysisQuery,
  myRoastsQuery,
  roastKeys,
  updateRoast,
} from '../api/roasts'
import { describeRoastError } from '../lib/describe-error'
import { CopyButton } from '@/components/copy-button'
import { ParodyNotice } from './parody-notice'
import { RoastContentView } from './roast-content'

/**
 * How often the card asks which analysis is latest: often while there is none finished yet (the
 * card appears once the page's analysis completes), rarely once it shows one (a new analysis
 * started from the page replaces it). It is one small owner-only row read.
 */
const WAITING_POLL_MS = 3_000
const SHOWING_POLL_MS = 15_000

/**
 * "Roast my resume" (issue 17), on the Resume page of a seeker whose latest analysis is
 * COMPLETED: the review made into a comedy roast in a parody voice, with the real fixes under
 * it, private until published. Made: the roast, Publish / Unpublish, the public link with Copy
 * once published, "Share the video too" when the analysis has a COMPLETED video, and Delete.
 *
 * It reads the latest analysis itself (features don't import each other, and the route adds it
 * next to the Resume feature's page): its id and status from `resume_analyses`, asked again
 * every 3 s until one is COMPLETED, then every 15 s. The roast of that analysis is the newest of `GET /api/roasts` for it.
 */
export function ResumeRoastCard({ userId }: { userId: string }) {
  const latest = useQuery({
    ...latestAnalysisQuery(userId),
    refetchInterval: (query) =>
      query.state.data?.status === 'COMPLETED' ? SHOWING_POLL_MS : WAITING_POLL_MS,
  })
  const analysis = latest.data
  if (!analysis || analysis.status !== 'COMPLETED') {
    return null
  }
  return <RoastCard key={analysis.id} userId={userId} analysisId={analysis.id} />
}

function RoastCard({ userId, analysisId }: { userId: string; analysisId: string }) {
  const queryClient = useQueryClient()
  const mine = useQuery(myRoastsQuery(userId))
  const video = useQuery(completedVideoQuery(analysisId))
  const roast = mine.data?.find((candidate) => candidate.resumeAnalysisId === analysisId) ?? null

  /** Puts the server's answer in the list, newest first, without asking for it again. */
  const store = (saved: Roast | null, removedId?: string) =>
    queryClient.setQueryData<Roast[]>(roastKeys.mine(userId), (before = []) => {
      const others = before.filter((one) => one.id !== (saved?.id ?? removedId))
      return saved ? [saved, ...others] : others
    })

  const make = useMutation({
    mutationFn: () => createRoast(analysisId),
    onSuccess: (made) => {
      store(made)
      void queryClient.invalidateQueries({ queryKey: roastKeys.completedVideo(analysisId) })
    },
  })
  const update = useMutation({
    mutationFn: (body: Parameters<typeof updateRoast>[1]) => updateRoast(roast?.id ?? '', body),
    onSuccess: (saved) => store(saved),
  })
  const remove = useMutation({
    mutationFn: (id: string) => deleteRoast(id),
    onSuccess: (_nothing, id) => {
      update.reset()
      store(null, id)
    },
  })

  const state = mine.isPending
    ? 'loading'
    : !roast
      ? 'none'
      : roast.published
        ? 'published'
        : 'private'
  const error = make.error ?? update.error ?? remove.error

  return (
    <section
      aria-labelledby="roast-card-heading"
      className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
      data-roast-state={state}
    >
      <div className="flex flex-col gap-1">
        <h2 id="roast-card-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Flame aria-hidden="true" className="size-5 shrink-0" />
          Roast my resume
        </h2>
        <p className="text-sm text-pretty text-muted-foreground">
          Your review, turned into a comedy roast in an over-the-top, boastful parody voice, with
          your real fixes underneath. It roasts the resume, never you, and stays private until you
          publish it.
        </p>
      </div>
      <ParodyNotice />

      {mine.isError && (
        <FormAlert message={`We couldn’t load your roasts: ${describeRoastError(mine.error)}`} />
      )}
      <FormAlert message={error && describeRoastError(error)} />

      {state === 'loading' && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your roast…
        </p>
      )}
      {state === 'none' && !mine.isError && (
        <PendingButton
          type="button"
          className="self-start"
          pending={make.isPending}
          pendingLabel="Roasting…"
          onClick={() => make.mutate()}
        >
          <Flame aria-hidden="true" />
          Make my roast
        </PendingButton>
      )}
      {roast && (
        <MadeRoast
          roast={roast}
          videoId={video.data ?? null}
          updating={update.isPending ? (update.variables ?? null) : null}
          deleting={remove.isPending}
          onUpdate={(body) => update.mutate(body)}
          onDelete={() => remove.mutate(roast.id)}
        />
      )}
    </section>
  )
}

function MadeRoast({
  roast,
  videoId,
  updating,
  deleting,
  onUpdate,
  onDelete,
}: {
  roast: Roast
  videoId: string | null
  updating: Parameters<typeof updateRoast>[1] | null
  deleting: boolean
  onUpdate: (body: Parameters<typeof updateRoast>[1]) => void
  onDelete: () => void
}) {
  const shareVideoId = useId()
  const publicUrl = new URL(roast.pagePath, window.location.origin).href
  const busy = updating !== null || deleting
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <RoastContentView content={roast.content} />

      <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm font-medium">
        {roast.published ? (
          <>
            <Globe aria-hidden="true" className="size-4 shrink-0" />
            Published: anyone with the link can see it.
          </>
        ) : (
          <>
            <Lock aria-hidden="true" className="size-4 shrink-0" />
            Private: only you can see it.
          </>
        )}
      </p>

      {roast.published && (
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm font-medium">Public link</p>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <a
              href={roast.pagePath}
              target="_blank"
              rel="noreferrer"
              className="min-w-0 text-sm break-all text-primary underline-offset-4 hover:underline"
              data-testid="roast-public-link"
            >
              {publicUrl}
            </a>
            <CopyButton text={publicUrl} label="Copy the public link" />
          </div>
        </div>
      )}

      {videoId && (
        <div className="flex items-start gap-2">
          <input
            id={shareVideoId}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            // While the PATCH is on its way, the box shows what was asked for.
            checked={
              updating?.videoId !== undefined ? updating.videoId !== null : roast.videoId !== null
            }
            disabled={busy}
            onChange={(event) => onUpdate({ videoId: event.target.checked ? videoId : null })}
          />
          <label htmlFor={shareVideoId} className="text-sm">
            <span className="font-medium">Share the video too</span>
            <span className="block text-muted-foreground">
              Your review’s video gets its own public page, linked from the roast.
            </span>
          </label>
        </div>
      )}

      <div className="flex flex-wrap gap-3">
        <PendingButton
          type="button"
          variant={roast.published ? 'outline' : 'default'}
          pending={updating?.published !== undefined}
          pendingLabel={roast.published ? 'Unpublishing…' : 'Publishing…'}
          disabled={busy}
          onClick={() => onUpdate({ published: !roast.published })}
        >
          {roast.published ? <Lock aria-hidden="true" /> : <Globe aria-hidden="true" />}
          {roast.published ? 'Unpublish' : 'Publish'}
        </PendingButton>
        <PendingButton
          type="button"
          variant="outline"
          pending={deleting}
          pendingLabel="Deleting…"
          disabled={busy}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </PendingButton>
      </div>
    </div>
  )
}
