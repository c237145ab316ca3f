import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { NotFoundPage } from '@/components/not-found-page'
import { Button } from '@/components/ui/button'
import { publicRoastVideoQuery } from '../api/roasts'
import { describeRoastError, isRoastNotFound } from '../lib/describe-error'
import { GetYourOwn } from './get-your-own'
import { ParodyNotice } from './parody-notice'
import { PublicLoading, PublicShell } from './public-shell'

/**
 * /roasted-by-trump/video/{id}: a shared roast's video, for anyone (no session). The vertical
 * player (poster, controls, inline on phones, at most ~360 px wide), the roast's headline, the
 * parody notice and the way back to the roast. Unknown or not shared: the not-found page.
 */
export function PublicRoastVideoPage({ id }: { id: string }) {
  const video = useQuery({ ...publicRoastVideoQuery(id), retry: false })
  if (video.isPending) {
    return <PublicLoading label="Loading the video…" />
  }
  if (video.isError) {
    if (isRoastNotFound(video.error)) {
      return <NotFoundPage />
    }
    return (
      <PublicShell>
        <title>Roasted by trump</title>
        <FormAlert message={`We couldn’t load this video: ${describeRoastError(video.error)}`} />
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => void video.refetch()}
        >
          Try again
        </Button>
      </PublicShell>
    )
  }
  const shared = video.data
  const seconds = Math.round(shared.durationSeconds)
  return (
    <PublicShell>
      <title>{`${shared.headline} · Roasted by trump`}</title>
      <article className="flex min-w-0 flex-col items-center gap-5 text-center">
        <h1 className="text-2xl font-extrabold tracking-tight text-balance break-words uppercase sm:text-4xl">
          {shared.headline}
        </h1>
        <ParodyNotice text={shared.notice} className="text-left" />
        {/* No caption track: the API gives none. The roast page, linked below, has its words. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          controls
          playsInline
          preload="metadata"
          src={shared.url}
          poster={shared.posterUrl}
          width={1080}
          height={1920}
          aria-label={`${shared.headline}: the video (${seconds} seconds)`}
          data-testid="roast-video-player"
          className="aspect-[9/16] h-auto w-full max-w-[360px] rounded-xl bg-black"
        />
        <Button asChild variant="outline">
          <Link to="/roasted-by-trump/analysis/$id" params={{ id: shared.roastId }}>
            <ArrowLeft aria-hidden="true" />
            Read the roast
          </Link>
        </Button>
      </article>
      <GetYourOwn />
    </PublicShell>
  )
}
