import { CircleAlert, X } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import type { Announcement, SwipeRefusal } from '../hooks/use-deck-actions'

type DeckStatusProps = {
  announcement: Announcement | null
  refusal: SwipeRefusal | null
  undoError: Error | null
  onDismissRefusal: () => void
}

/**
 * What the last action did, under the deck: a polite live region for swipes ("Saved … — 9
 * credits left"), an alert for a refused swipe with the server's reason (and, when credits ran
 * out, the way to get more), and undo failures.
 */
export function DeckStatus({
  announcement,
  refusal,
  undoError,
  onDismissRefusal,
}: DeckStatusProps) {
  return (
    <div className="flex w-full max-w-sm flex-col gap-3">
      {refusal && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <p>{refusal.message}</p>
            {refusal.isOutOfCredits && (
              <p className="flex flex-wrap items-center gap-2 text-foreground">
                <Button size="sm" variant="outline" aria-disabled="true" tabIndex={-1}>
                  Get more credits
                </Button>
                <span className="text-xs text-muted-foreground">Plans are coming soon.</span>
              </p>
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-my-1.5 size-8"
            aria-label="Dismiss"
            onClick={onDismissRefusal}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
      <FormAlert message={undoError?.message} />
      <p aria-live="polite" className="min-h-5 text-center text-sm text-muted-foreground">
        {announcement && <span key={announcement.id}>{announcement.text}</span>}
      </p>
    </div>
  )
}
