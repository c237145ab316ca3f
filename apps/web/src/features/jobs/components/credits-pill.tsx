import { useQuery } from '@tanstack/react-query'
import { Coins } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { creditsQueryOptions } from '../api/job-queries'
import { formatCreditsLeft, formatCreditsUsed } from '../lib/deck-messages'
import { describeCreditsUsed, describeNextRefresh } from '../lib/out-of-credits'

/**
 * The credits meter in the app shell's top bar: remaining and used in this period ("Unlimited
 * credits" on a plan without a cap). It shows the cache, so a right swipe's optimistic spend
 * appears at once. One tap opens what the figures mean: when the next credits arrive.
 */
export function CreditsPill() {
  const credits = useQuery(creditsQueryOptions())
  const [isOpen, setIsOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)

  // Closes on Escape and on a tap or focus elsewhere, as a disclosure popover does.
  useEffect(() => {
    if (!isOpen) {
      return
    }
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) {
        setIsOpen(false)
      }
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false)
        root.current?.querySelector('button')?.focus()
      }
    }
    document.addEventListener('pointerdown', closeOutside)
    document.addEventListener('focusin', closeOutside)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
      document.removeEventListener('focusin', closeOutside)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [isOpen])

  return (
    <div ref={root} className="relative" aria-label="Your credits" role="group">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        disabled={!credits.data}
        onClick={() => setIsOpen((open) => !open)}
        className="flex h-9 cursor-pointer items-center gap-2 rounded-full border bg-card px-3 text-sm whitespace-nowrap shadow-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default"
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
      </button>
      {isOpen && credits.data && (
        <div
          id={panelId}
          className="absolute end-0 top-full z-40 mt-2 flex w-72 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-xl border bg-card p-4 text-sm shadow-lg"
        >
          <p className="font-semibold">
            {credits.data.remainingCredits === 0
              ? describeCreditsUsed(credits.data)
              : `${formatCreditsLeft(credits.data)}, ${formatCreditsUsed(credits.data)} in this period.`}
          </p>
          <p className="text-muted-foreground">
            {credits.data.remainingCredits === null
              ? 'Your plan has no limit on saving jobs.'
              : `Saving a job (a right swipe) spends credits; passing is free. ${describeNextRefresh(credits.data, new Date())}`}
          </p>
        </div>
      )}
    </div>
  )
}
