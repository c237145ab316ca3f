import type { JobCard, SwipeDirection } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { isApiError } from '@/lib/api'
import { jobKeys, type JobQuery } from '../api/query-keys'
import { currentSwipePrice, priceChange } from '../api/swipe-price'
import { useSwipeJob, useUndoPass } from '../api/swipes'
import type { SavedApplication } from '../api/cover-letter-progress'
import {
  announcePassed,
  announcePriceChanged,
  announceSaved,
  announceUndone,
} from '../lib/deck-messages'

/**
 * Save, pass and undo as the deck, the list and the detail view offer them, with what they say
 * afterwards: a sentence for the live region, or the server's reason for a refusal.
 */

/** A new id per message, so the live region re-announces a sentence said twice. */
export type Announcement = { id: number; text: string }

export type SwipeRefusal = {
  message: string
  /** `insufficient_credits`: the deck says when credits refresh instead of the message. */
  isOutOfCredits: boolean
}

const UNEXPECTED_REFUSAL = "We couldn't record that swipe. Try again."

function describeRefusal(error: Error): SwipeRefusal {
  const changed = priceChange(error)
  if (changed) {
    return { message: announcePriceChanged(changed.creditCost), isOutOfCredits: false }
  }
  if (isApiError(error)) {
    return { message: error.message, isOutOfCredits: error.code === 'insufficient_credits' }
  }
  return { message: UNEXPECTED_REFUSAL, isOutOfCredits: false }
}

type DeckActionsOptions = {
  /** Told once the server has recorded a swipe (the detail view then returns to the deck). */
  onSwiped?: (direction: SwipeDirection) => void
}

export function useDeckActions(query: JobQuery, { onSwiped }: DeckActionsOptions = {}) {
  const queryClient = useQueryClient()
  const [announcement, setAnnouncement] = useState<Announcement | null>(null)
  const [refusal, setRefusal] = useState<SwipeRefusal | null>(null)
  const [lastPass, setLastPass] = useState<{ swipeId: string; job: JobCard } | null>(null)
  // When a save was last refused for want of credits: the out-of-credits panel stays through
  // passes, until a save goes through or the user closes it (or newer credits show some).
  const [outOfCreditsSince, setOutOfCreditsSince] = useState<number | null>(null)
  // The last save's application, whose cover letter the server prepares in the background.
  const [lastSaved, setLastSaved] = useState<SavedApplication | null>(null)
  const announce = (text: string) =>
    setAnnouncement((previous) => ({ id: (previous?.id ?? 0) + 1, text }))

  const swipeJob = useSwipeJob({
    onSwiped: (response, swipe) => {
      if (swipe.direction === 'LEFT') {
        setLastPass({ swipeId: response.swipe.id, job: swipe.job })
        announce(announcePassed(swipe.job))
      } else {
        setOutOfCreditsSince(null)
        if (response.applicationId) {
          setLastSaved({ applicationId: response.applicationId, job: swipe.job })
        }
        announce(announceSaved(swipe.job, response.credits))
      }
      onSwiped?.(swipe.direction)
    },
    onRefused: (error) => {
      const refusal = describeRefusal(error)
      if (refusal.isOutOfCredits) {
        setOutOfCreditsSince(Date.now())
      } else {
        setRefusal(refusal)
      }
    },
  })
  const undoPass = useUndoPass({
    onUndone: (job) => {
      setLastPass(null)
      announce(announceUndone(job))
    },
  })

  const swipe = (job: JobCard, direction: SwipeDirection, isLastCard: boolean) => {
    setRefusal(null)
    swipeJob.mutate({
      job,
      direction,
      isLastCard,
      // The price the app shows: the server refuses (409) any other and says the current one.
      creditCost: direction === 'RIGHT' ? currentSwipePrice(queryClient) : 0,
      idempotencyKey: crypto.randomUUID(),
    })
  }

  return {
    save: (job: JobCard, { isLastCard }: { isLastCard: boolean }) =>
      swipe(job, 'RIGHT', isLastCard),
    pass: (job: JobCard, { isLastCard }: { isLastCard: boolean }) => swipe(job, 'LEFT', isLastCard),
    /** The most recent pass, once the server has recorded it; null when there is none to undo. */
    undoableJob: undoPass.isPending ? null : (lastPass?.job ?? null),
    undo: () => {
      if (lastPass && !undoPass.isPending) {
        setRefusal(null)
        undoPass.mutate({ ...lastPass, listKey: jobKeys.list(query) })
      }
    },
    undoError: undoPass.error,
    announcement,
    refusal,
    dismissRefusal: () => setRefusal(null),
    /** When a save was last refused for want of credits (ms since the epoch); null: not. */
    outOfCreditsSince,
    dismissOutOfCredits: () => setOutOfCreditsSince(null),
    lastSaved,
  }
}
