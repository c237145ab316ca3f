import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Clapperboard } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { NotFoundPage } from '@/components/not-found-page'
import { Button } from '@/components/ui/button'
import { publicRoastQuery } from '../api/roasts'
import { describeRoastError, isRoastNotFound } from '../lib/describe-error'
import { GetYourOwn } from './get-your-own'
import { ParodyNotice } from './parody-notice'
import { PublicLoading, PublicShell } from './public-shell'
import { RoastContentView } from './roast-content'

/**
 * /roasted-by-trump/analysis/{id}: a published roast, for anyone (no session). The roast as a
 * stage (headline, lines, verdict, grade), the real fixes plainly, the parody notice first and
 * prominent, the shared video's page when there is one, and a call to get your own review.
 * Unknown or unpublished: the app's not-found page. The data holds no contact details.
 */
export function PublicRoastPage({ id }: { id: string }) {
  const roast = useQuery({ ...publicRoastQuery(id), retry: false })
  if (roast.isPending) {
    return <PublicLoading label="Loading the roast…" />
  }
  if (roast.isError) {
    if (isRoastNotFound(roast.error)) {
      return <NotFoundPage />
    }
    return (
      <PublicShell>
        <title>Roasted by trump</title>
        <FormAlert message={`We couldn’t load this roast: ${describeRoastError(roast.error)}`} />
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => void roast.refetch()}
        >
          Try again
        </Button>
      </PublicShell>
    )
  }
  const { content, notice, videoId } = roast.data
  return (
    <PublicShell>
      <title>{`${content.headline} · Roasted by trump`}</title>
      <article className="flex min-w-0 flex-col gap-6" data-testid="public-roast">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">
          A resume, roasted
        </p>
        <ParodyNotice text={notice} className="text-base" />
        <RoastContentView content={content} stage headingLevel={1} />
        {videoId && (
          <Button asChild variant="outline" className="self-start">
            <Link to="/roasted-by-trump/video/$id" params={{ id: videoId }}>
              <Clapperboard aria-hidden="true" />
              Watch the video
            </Link>
          </Button>
        )}
      </article>
      <GetYourOwn />
    </PublicShell>
  )
}
