import type { JobCard, SwipeDirection } from '@app/contracts'
import { useNavigate } from '@tanstack/react-router'
import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useHasPainted } from '@/lib/has-painted'
import { useDeckKeyboard } from '../hooks/use-deck-keyboard'
import { type JobResultsProps, useJobResults } from '../hooks/use-job-results'
import { useLoadMoreJobs } from '../hooks/use-load-more-jobs'
import { ActionsStatus } from './actions-status'
import { DeckControls } from './deck-controls'
import { DeckSkeleton, JobsLoadError, NoMoreJobs } from './jobs-states'
import { ReportJobDialog } from './report-job-dialog'
import { StillDeck } from './still-deck'

/** How many cards are drawn: the top one and two peeking out below it. */
const VISIBLE_CARDS = 3

/**
 * The swipe cards (motion-deck.tsx, with motion in its chunk), loaded once the page has painted:
 * until then the deck draws its cards still (still-deck.tsx), so the first card's paint waits
 * neither for motion's download nor for its set-up (issue 21).
 */
const loadMotionDeck = () => import('./motion-deck')
const MotionDeck = lazy(async () => ({ default: (await loadMotionDeck()).MotionDeck }))

/** True once the swipe cards' code has arrived, asked for after the first paint. */
function useMotionDeckLoaded(): boolean {
  const painted = useHasPainted()
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (!painted) {
      return
    }
    let current = true
    void loadMotionDeck().then(() => {
      // A transition: the still cards stay on screen until the swipe cards are ready to show.
      if (current) {
        startTransition(() => setLoaded(true))
      }
    })
    return () => {
      current = false
    }
  }, [painted])
  return loaded
}

/**
 * The swipe deck: the loaded jobs as a stack of cards, swiped by drag, by the buttons under it or
 * by the keyboard. Pages load ahead as the stack runs low; when it is empty and nothing more
 * is coming, it says so and points at the filters.
 */
export function JobDeck({ query, filters, onOpenFilters }: JobResultsProps) {
  const { jobs, count, loaded: deck, actions, isRefilling } = useJobResults(query)
  const top = deck[0]
  const navigate = useNavigate()
  const [exitDirection, setExitDirection] = useState<SwipeDirection>('LEFT')
  const [reportedJob, setReportedJob] = useState<JobCard | null>(null)
  const deckRef = useRef<HTMLDivElement>(null)
  const refocusTopCard = useRef(false)
  const motionLoaded = useMotionDeckLoaded()
  const cards = deck.slice(0, VISIBLE_CARDS)

  useLoadMoreJobs(jobs, { when: deck.length <= VISIBLE_CARDS })

  const swipeTop = (direction: SwipeDirection) => {
    if (!top) {
      return
    }
    // Keyboard users keep their place: focus moves on to the next card when it comes up.
    refocusTopCard.current = deckRef.current?.contains(document.activeElement) ?? false
    setExitDirection(direction)
    const options = { isLastCard: deck.length === 1 }
    if (direction === 'RIGHT') {
      actions.save(top, options)
    } else {
      actions.pass(top, options)
    }
  }
  const openDetails = (job: JobCard) =>
    void navigate({ to: '/jobs/$jobId', params: { jobId: job.id }, search: (search) => search })

  useDeckKeyboard((command) => {
    if (command === 'undo') {
      actions.undo()
    } else if (command === 'details') {
      if (top) {
        openDetails(top)
      }
    } else {
      swipeTop(command === 'save' ? 'RIGHT' : 'LEFT')
    }
  }, reportedJob === null)

  useEffect(() => {
    if (refocusTopCard.current && top) {
      refocusTopCard.current = false
      deckRef.current?.querySelector<HTMLElement>('[data-top-card]')?.focus({ preventScroll: true })
    }
  }, [top])

  return (
    // A swiped card flies 640 px sideways: clipped here, so the page never scrolls sideways.
    <div className="flex w-full flex-col items-center gap-5 overflow-x-clip">
      <div
        ref={deckRef}
        role="region"
        aria-label="Job deck"
        className="relative h-[min(36rem,calc(100dvh-17rem))] min-h-96 w-full max-w-sm"
      >
        {jobs.isPending ? (
          <DeckSkeleton />
        ) : jobs.isError && deck.length === 0 ? (
          <JobsLoadError message={jobs.error.message} onRetry={() => void jobs.refetch()} />
        ) : deck.length === 0 ? (
          isRefilling ? (
            <DeckSkeleton />
          ) : (
            <NoMoreJobs
              count={count.data}
              action={<Button onClick={onOpenFilters}>Change filters</Button>}
            />
          )
        ) : (
          <Suspense fallback={<StillDeck cards={cards} />}>
            {motionLoaded ? (
              <MotionDeck
                cards={cards}
                exitDirection={exitDirection}
                onSwipe={swipeTop}
                onOpenDetails={openDetails}
                onReport={setReportedJob}
              />
            ) : (
              <StillDeck cards={cards} />
            )}
          </Suspense>
        )}
      </div>
      <DeckControls
        canSwipe={top !== undefined}
        canUndo={actions.undoableJob !== null}
        onPass={() => swipeTop('LEFT')}
        onSave={() => swipeTop('RIGHT')}
        onUndo={actions.undo}
      />
      <ActionsStatus actions={actions} />
      <ReportJobDialog job={reportedJob} filters={filters} onClose={() => setReportedJob(null)} />
    </div>
  )
}
