import { useQuery } from '@tanstack/react-query'
import { Clock, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { SeePlansButton } from '@/components/paywall-slot'
import { Button } from '@/components/ui/button'
import { creditsQueryOptions } from '../api/job-queries'
import { describeCreditsUsed, describeNextRefresh } from '../lib/out-of-credits'

const MINUTE = 60 * 1000

/** The clock, read again every minute (the countdown counts down while the panel is open). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE)
    return () => clearInterval(timer)
  }, [])
  return now
}

/**
 * A save refused for want of credits (402 `insufficient_credits`): what happened, when the next
 * credits arrive, what still works (passing, browsing, opening jobs) and "Get more credits",
 * which opens the paywall with the plans (the billing feature's, provided by the app's layout
 * route; a link to /credits where none is). It goes once credits read after the refusal
 * (`since`) show some.
 */
export function OutOfCreditsPanel({ since, onDismiss }: { since: number; onDismiss: () => void }) {
  const credits = useQuery(creditsQueryOptions())
  const now = useMinuteClock()

  // Credits read after the refusal show some again (a new period began): nothing to say.
  if (credits.dataUpdatedAt > since && credits.data?.remainingCredits !== 0) {
    return null
  }

  return (
    <section
      role="alert"
      aria-labelledby="out-of-credits-heading"
      className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="flex flex-1 flex-col gap-1">
        <h2 id="out-of-credits-heading" className="font-semibold">
          Out of credits
        </h2>
        <p>
          {credits.data ? describeCreditsUsed(credits.data) : 'You have no credits left.'} This job
          stays in your deck.
        </p>
        {credits.data && <p>{describeNextRefresh(credits.data, now)}</p>}
        <p className="text-muted-foreground">
          Until then you can still pass on jobs and open them to read more.
        </p>
        <div className="pt-1">
          <SeePlansButton reason={{ kind: 'credits' }} label="Get more credits" />
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-my-1.5 size-8"
        aria-label="Dismiss"
        onClick={onDismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  )
}
