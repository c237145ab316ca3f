import type { SwipeDirection } from '@app/contracts'

/**
 * When a released drag counts as a swipe: far enough (a third of a phone-width card), or a
 * flick (fast, and already moving that way). Anything less springs back.
 */
export const SWIPE_DISTANCE_PX = 110
const SWIPE_VELOCITY_PX_PER_S = 600
const FLICK_MIN_DISTANCE_PX = 30

export function swipeDirectionFor(offsetX: number, velocityX: number): SwipeDirection | null {
  const isFlick =
    Math.abs(velocityX) >= SWIPE_VELOCITY_PX_PER_S &&
    Math.abs(offsetX) >= FLICK_MIN_DISTANCE_PX &&
    Math.sign(velocityX) === Math.sign(offsetX)
  if (Math.abs(offsetX) >= SWIPE_DISTANCE_PX || isFlick) {
    return offsetX > 0 ? 'RIGHT' : 'LEFT'
  }
  return null
}
