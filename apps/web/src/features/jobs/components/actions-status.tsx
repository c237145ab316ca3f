import type { useDeckActions } from '../hooks/use-deck-actions'
import { DeckStatus } from './deck-status'

/** `DeckStatus` for the deck's actions (`useDeckActions`): what the last Save / Pass / undo did. */
export function ActionsStatus({ actions }: { actions: ReturnType<typeof useDeckActions> }) {
  return (
    <DeckStatus
      announcement={actions.announcement}
      refusal={actions.refusal}
      undoError={actions.undoError}
      onDismissRefusal={actions.dismissRefusal}
      outOfCreditsSince={actions.outOfCreditsSince}
      onDismissOutOfCredits={actions.dismissOutOfCredits}
      lastSaved={actions.lastSaved}
    />
  )
}
