import type { Roast } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Globe, Lock } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { myRoastsQuery } from '../api/roasts'
import { describeRoastError } from '../lib/describe-error'
import { GetYourOwn } from './get-your-own'
import { ParodyNotice } from './parody-notice'
import { PublicShell } from './public-shell'

/** Who is looking: the route reads the session (features don't import each other). */
export type RoastsViewer =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; userId: string }

/**
 * /roasted-by-trump/: what the section is (a parody roast made from your own review, with the
 * real fixes, private until published), then the seeker's own roasts when signed in, or the
 * way to sign in or get started when not.
 */
export function RoastsIndexPage({ viewer }: { viewer: RoastsViewer }) {
  return (
    <PublicShell>
      <title>Roasted by trump</title>
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          Roasted by trump
        </h1>
        <p className="text-base text-pretty">
          Your resume review, turned into a comedy roast: an over-the-top, boastful parody voice
          tears into the resume (never you), and under the jokes sit the real fixes from your
          review. It is made from your own review in the Resume area, stays private until you
          publish it, and you can unpublish or delete it whenever you like.
        </p>
      </header>
      <ParodyNotice />
      {viewer.status === 'signed-in' ? (
        <MyRoasts userId={viewer.userId} />
      ) : viewer.status === 'signed-out' ? (
        <GetYourOwn />
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading…
        </p>
      )}
    </PublicShell>
  )
}

function MyRoasts({ userId }: { userId: string }) {
  const mine = useQuery(myRoastsQuery(userId))
  return (
    <section aria-labelledby="my-roasts-heading" className="flex flex-col gap-4">
      <h2 id="my-roasts-heading" className="text-xl font-semibold">
        Your roasts
      </h2>
      {mine.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading your roasts…
        </p>
      ) : mine.isError ? (
        <FormAlert message={`We couldn’t load your roasts: ${describeRoastError(mine.error)}`} />
      ) : mine.data.length === 0 ? (
        <p className="text-pretty text-muted-foreground">
          No roasts yet. Make one from your review in the Resume area.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {mine.data.map((roast) => (
            <RoastRow key={roast.id} roast={roast} />
          ))}
        </ul>
      )}
      <Button asChild variant="outline" className="self-start">
        <Link to="/resume">Go to your Resume</Link>
      </Button>
    </section>
  )
}

function RoastRow({ roast }: { roast: Roast }) {
  const made = new Date(roast.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })
  return (
    <li
      className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4"
      data-testid="my-roast"
    >
      <p className="font-semibold text-pretty break-words">{roast.content.headline}</p>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
        {roast.published ? (
          <Globe aria-hidden="true" className="size-4" />
        ) : (
          <Lock aria-hidden="true" className="size-4" />
        )}
        <span>{roast.published ? 'Published' : 'Private'}</span>
        <span aria-hidden="true">·</span>
        <span>Grade {roast.content.grade}</span>
        <span aria-hidden="true">·</span>
        <span>Made {made}</span>
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {roast.published ? (
          <Link
            to="/roasted-by-trump/analysis/$id"
            params={{ id: roast.id }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Open the public page
          </Link>
        ) : null}
        <Link to="/resume" className="font-medium text-primary underline-offset-4 hover:underline">
          {roast.published ? 'Manage it in Resume' : 'Publish it from Resume'}
        </Link>
      </div>
    </li>
  )
}
