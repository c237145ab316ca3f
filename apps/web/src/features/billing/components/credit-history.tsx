import type { PlanPeriod } from '@app/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { creditHistoryQuery } from '../api/billing'
import { describeBillingError } from '../lib/describe-billing-error'
import { describeHistoryEntry, formatDelta } from '../lib/history-text'
import { formatDateTime } from '../lib/plan-text'

/**
 * Every change of the balance, newest first, from the ledger (`GET /api/credits/history`),
 * a page at a time: what happened in plain words, when, by how much and the balance after.
 */
export function CreditHistory({ freePeriod }: { freePeriod: PlanPeriod }) {
  const history = useInfiniteQuery(creditHistoryQuery())
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? []

  return (
    <section aria-labelledby="credit-history-heading" className="flex flex-col gap-3">
      <h2 id="credit-history-heading" className="text-lg font-semibold">
        History
      </h2>
      {history.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your history…
        </p>
      ) : history.isError && entries.length === 0 ? (
        <div className="flex flex-col gap-2">
          <FormAlert
            message={`We couldn’t read your history: ${describeBillingError(history.error).message}`}
          />
          <Button
            type="button"
            variant="outline"
            className="self-start"
            onClick={() => void history.refetch()}
          >
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing yet: credits you receive and spend will be listed here.
        </p>
      ) : (
        <>
          <ol
            className="flex flex-col divide-y rounded-xl border bg-card"
            aria-label="Credit history"
          >
            {entries.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">{describeHistoryEntry(entry, freePeriod)}</span>
                  <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                    {formatDateTime(entry.createdAt)}
                  </time>
                </div>
                <div className="flex flex-col items-end">
                  <span
                    className={cn(
                      'font-semibold tabular-nums',
                      entry.delta > 0 ? 'text-primary' : 'text-foreground',
                    )}
                  >
                    {formatDelta(entry.delta)}
                  </span>
                  {entry.balanceAfter !== null && (
                    <span className="text-xs text-muted-foreground tabular-nums">
                      Balance {entry.balanceAfter}
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ol>
          {history.isFetchNextPageError && (
            <FormAlert
              message={`We couldn’t read more: ${describeBillingError(history.error).message}`}
            />
          )}
          {history.hasNextPage && (
            <PendingButton
              type="button"
              variant="outline"
              className="self-start"
              pending={history.isFetchingNextPage}
              pendingLabel="Loading…"
              onClick={() => void history.fetchNextPage()}
            >
              Load more
            </PendingButton>
          )}
        </>
      )}
    </section>
  )
}
