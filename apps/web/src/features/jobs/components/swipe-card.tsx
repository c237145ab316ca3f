import type { JobCard, SwipeDirection } from '@app/contracts'
import {
  animate,
  motion,
  type MotionValue,
  type PanInfo,
  useDragControls,
  useIsPresent,
  useMotionValue,
  useReducedMotion,
  useTransform,
} from 'motion/react'
import { type MouseEvent, type PointerEvent, useEffect, useId, useRef } from 'react'
import { cn } from '@/lib/cn'
import { useHasPainted } from '@/lib/has-painted'
import { SWIPE_DISTANCE_PX, swipeDirectionFor } from '../lib/swipe-gesture'
import { CARD_CLASS, cardOffsetY, cardScale, cardZIndex } from './card-frame'
import { CardMenu } from './card-menu'
import { JobCardContent } from './job-card-content'

type SwipeCardProps = {
  job: JobCard
  /** 0 for the top card, 1 and 2 for the cards peeking out below it. */
  depth: number
  onSwipe: (direction: SwipeDirection) => void
  onOpenDetails: () => void
  onReport: () => void
}

/** Where a swiped card flies off to; AnimatePresence hands each leaving card its direction. */
const swipeVariants = {
  exit: (direction: SwipeDirection) => ({
    x: direction === 'RIGHT' ? 640 : -640,
    opacity: 0,
    transition: { duration: 0.3, ease: 'easeIn' as const },
  }),
}

/** How far a press may wander and still be a tap (the details) rather than a drag. */
const TAP_SLOP_PX = 8

/** Presses on the card's own controls are clicks, not the start of a drag. */
function startsOnControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest('button, a, input, label') !== null
}

/**
 * One card of the deck. The top card follows a horizontal drag, tilting with it and showing a
 * SAVE or PASS stamp; let go past the threshold (distance or a flick) it is swiped, short of it
 * it springs back. A tap or click that is not a drag opens the job's details (Enter on the focused
 * card too, through the deck's keyboard). The cards below wait smaller and lower. With reduced
 * motion the card neither tilts nor springs.
 */
export function SwipeCard({ job, depth, onSwipe, onOpenDetails, onReport }: SwipeCardProps) {
  const isTop = depth === 0
  // Dragging is set up once the deck has painted: motion measures the page when it starts
  // listening, a forced layout that would otherwise hold back the first card's paint.
  const canDrag = useHasPainted()
  const isPresent = useIsPresent()
  const reduceMotion = useReducedMotion() ?? false
  const dragControls = useDragControls()
  const x = useMotionValue(0)
  const rotate = useTransform(x, [-320, 0, 320], reduceMotion ? [0, 0, 0] : [-16, 0, 16])
  const saveStampOpacity = useTransform(x, [24, SWIPE_DISTANCE_PX], [0, 1])
  const passStampOpacity = useTransform(x, [-SWIPE_DISTANCE_PX, -24], [1, 0])
  const titleId = useId()
  const hintId = useId()
  const springBack = reduceMotion
    ? { duration: 0 }
    : { type: 'spring' as const, stiffness: 500, damping: 32 }

  // A refused swipe (402, 409) puts the card back while it may still be flying off: it returns
  // to the middle of the deck instead of staying where the exit left it.
  const wasPresent = useRef(isPresent)
  useEffect(() => {
    if (isPresent && !wasPresent.current) {
      void animate(x, 0, springBack)
    }
    wasPresent.current = isPresent
  })

  // A press that lets go where it started (within a few pixels, no drag) is a tap: it opens the
  // details. A drag, even one that springs back, never does.
  const press = useRef<{ x: number; y: number; dragged: boolean } | null>(null)
  const handlePointerDown = (event: PointerEvent<HTMLElement>) => {
    if (isTop && !startsOnControl(event.target)) {
      press.current = { x: event.clientX, y: event.clientY, dragged: false }
      dragControls.start(event)
    } else {
      press.current = null
    }
  }
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    const start = press.current
    press.current = null
    if (!isTop || !isPresent || !start || start.dragged || startsOnControl(event.target)) {
      return
    }
    const moved = Math.hypot(event.clientX - start.x, event.clientY - start.y)
    if (moved <= TAP_SLOP_PX) {
      onOpenDetails()
    }
  }
  const handleDragEnd = (_event: globalThis.PointerEvent, info: PanInfo) => {
    const direction = swipeDirectionFor(info.offset.x, info.velocity.x)
    if (direction) {
      onSwipe(direction)
    } else {
      void animate(x, 0, springBack)
    }
  }

  return (
    <motion.article
      data-top-card={(isTop && isPresent) || undefined}
      tabIndex={isTop ? 0 : -1}
      // The cards peeking out below, and one flying off, are scenery: hidden from assistive
      // technology, and inert so nothing in them (the card's menu) can take focus.
      aria-hidden={!isTop || !isPresent}
      inert={!isTop || !isPresent}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      aria-roledescription="job card"
      className={cn(
        CARD_CLASS,
        'focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ring',
        isTop && 'cursor-grab active:cursor-grabbing',
        !isPresent && 'pointer-events-none',
      )}
      style={{ x, rotate, zIndex: isPresent ? cardZIndex(depth) : 20 }}
      initial={{ opacity: 0, scale: 0.94 }}
      animate={{ opacity: 1, scale: cardScale(depth), y: cardOffsetY(depth) }}
      exit="exit"
      variants={swipeVariants}
      drag={isTop && canDrag ? 'x' : false}
      dragListener={false}
      dragControls={dragControls}
      dragMomentum={false}
      onPointerDown={handlePointerDown}
      onDragStart={() => {
        if (press.current) {
          press.current.dragged = true
        }
      }}
      onDragEnd={handleDragEnd}
      onClick={handleClick}
    >
      <Stamp
        label="SAVE"
        opacity={saveStampOpacity}
        className="start-5 -rotate-12 border-success text-success"
      />
      <Stamp
        label="PASS"
        opacity={passStampOpacity}
        className="end-5 rotate-12 border-destructive text-destructive"
      />
      <JobCardContent
        job={job}
        titleId={titleId}
        menu={
          isTop && (
            <CardMenu jobTitle={job.title} onOpenDetails={onOpenDetails} onReport={onReport} />
          )
        }
      />
      <p id={hintId} className="sr-only">
        Right arrow saves, left arrow passes, Enter opens the details.
      </p>
    </motion.article>
  )
}

function Stamp({
  label,
  opacity,
  className,
}: {
  label: string
  opacity: MotionValue<number>
  className: string
}) {
  return (
    <motion.span
      aria-hidden="true"
      style={{ opacity }}
      className={cn(
        'pointer-events-none absolute top-16 z-10 rounded-lg border-4 bg-card/80 px-3 py-1 text-2xl font-black tracking-widest',
        className,
      )}
    >
      {label}
    </motion.span>
  )
}
