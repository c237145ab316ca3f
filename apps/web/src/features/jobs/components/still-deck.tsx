import type { JobCard } from '@app/contracts'
import { useId } from 'react'
import { CARD_CLASS, cardOffsetY, cardScale, cardZIndex } from './card-frame'
import { JobCardContent } from './job-card-content'

/**
 * The deck's cards as they look at rest, drawn while the swipe cards' code (motion, a third of
 * the deck's JavaScript) is still on its way: the first card paints as soon as the deck's own
 * code and the jobs have arrived, not after motion too (issue 21). Scenery only: nothing in it
 * takes focus or a press (the buttons below the deck and its keys already work); the swipe
 * cards replace it, at the same places, once motion has loaded.
 */
export function StillDeck({ cards }: { cards: JobCard[] }) {
  return cards.map((job, depth) => <StillCard key={job.id} job={job} depth={depth} />)
}

function StillCard({ job, depth }: { job: JobCard; depth: number }) {
  const titleId = useId()
  return (
    <article
      data-still-card
      aria-labelledby={titleId}
      aria-hidden={depth > 0}
      inert={depth > 0}
      className={CARD_CLASS}
      style={{
        zIndex: cardZIndex(depth),
        transform: `translateY(${cardOffsetY(depth)}px) scale(${cardScale(depth)})`,
      }}
    >
      <JobCardContent job={job} titleId={titleId} />
    </article>
  )
}
