import { CircleAlert, X } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import type { Announcement, SwipeRefusal } from '../hooks/use-deck-actions'
import type { SavedApplication } from '../api/cover-letter-progress'
import { CoverLetterProgress } from './cover-letter-progress'
import { OutOfCreditsPanel } from './out-of-credits-panel'

type DeckStatusProps = {
  announcement: Announcement | null
  refusal: SwipeRefusal | null
  undoError: Error | null
  onDismissRefusal: () => void
  /** When a save was refused for want of credits (then say when more arrive); null: not. */
  outOfCreditsSince: number | null
  onDismissOutOfCredits: () => void
  /** The last job saved: its cover letter being prepared, then ready. */
  lastSaved?: SavedApplication | null
}

/**
 * What the last action did, under the deck: a polite live region for swipes ("Saved … — 9
 * credits left"), an alert for a refused swipe with the server's reason, the out-of-credits
 * panel (when the next credits arrive), undo failures, and the cover letter of the last save
 * being prepared.
 */
export function DeckStatus({
  announcement,
  refusal,
  undoError,
  onDismissRefusal,
  outOfCreditsSince,
  onDismissOutOfCredits,
  lastSaved = null,
}: DeckStatusProps) {
  return (
    <div className="flex w-full max-w-sm flex-col gap-3">
      {outOfCreditsSince !== null && (
        <OutOfCreditsPanel since={outOfCreditsSince} onDismiss={onDismissOutOfCredits} />
      )}
      {refusal && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm text-destructive"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="flex-1">{refusal.message}</p>
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
      {lastSaved && <CoverLetterProgress key={lastSaved.applicationId} saved={lastSaved} />}
      <FormAlert message={undoError?.message} />
      <p aria-live="polite" className="min-h-5 text-center text-sm text-muted-foreground">
        {announcement && <span key={announcement.id}>{announcement.text}</span>}
      </p>
    </div>
  )
}
