import { useQuery } from '@tanstack/react-query'
import { Coins } from 'lucide-react'
import { creditsQueryOptions } from '../api/job-queries'
import { formatCreditsLeft, formatCreditsUsed } from '../lib/deck-messages'

/**
 * The credits in the header: remaining and used in this period ("Unlimited credits" on a plan
 * without a cap). It shows the cache, so a right swipe's optimistic spend appears at once.
 */
export function CreditsPill() {
  const credits = useQuery(creditsQueryOptions())

  return (
    <div
      className="flex h-9 items-center gap-2 rounded-full border bg-card px-3 text-sm whitespace-nowrap shadow-xs"
      aria-label="Your credits"
      role="group"
    >
      <Coins aria-hidden="true" className="size-4 text-primary" />
      {credits.data ? (
        <>
          <span className="font-semibold tabular-nums" data-testid="credits-remaining">
            {formatCreditsLeft(credits.data)}
          </span>
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
          <span className="text-muted-foreground tabular-nums">
            {formatCreditsUsed(credits.data)}
          </span>
        </>
      ) : credits.isError ? (
        <span className="text-muted-foreground">Credits unavailable</span>
      ) : (
        <>
          <span aria-hidden="true" className="h-4 w-24 animate-pulse rounded bg-muted" />
          <span className="sr-only">Loading credits</span>
        </>
      )}
    </div>
  )
}
