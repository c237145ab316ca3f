import type { JobCard, SwipeDirection } from '@app/contracts'
import { AnimatePresence, MotionConfig } from 'motion/react'
import { SwipeCard } from './swipe-card'

export type MotionDeckProps = {
  cards: JobCard[]
  /** Where the card leaving now flies off to. */
  exitDirection: SwipeDirection
  onSwipe: (direction: SwipeDirection) => void
  onOpenDetails: (job: JobCard) => void
  onReport: (job: JobCard) => void
}

/**
 * The deck's cards with motion: dragged, tilted, flown off and sprung back (swipe-card.tsx). A
 * module of its own, loaded once the deck has painted (job-deck.tsx), with motion in its chunk.
 */
export function MotionDeck({
  cards,
  exitDirection,
  onSwipe,
  onOpenDetails,
  onReport,
}: MotionDeckProps) {
  return (
    <MotionConfig reducedMotion="user">
      <AnimatePresence custom={exitDirection} initial={false}>
        {cards.map((job, depth) => (
          <SwipeCard
            key={job.id}
            job={job}
            depth={depth}
            onSwipe={onSwipe}
            onOpenDetails={() => onOpenDetails(job)}
            onReport={() => onReport(job)}
          />
        ))}
      </AnimatePresence>
    </MotionConfig>
  )
}
