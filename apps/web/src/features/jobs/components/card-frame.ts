/**
 * What a deck card looks like at rest, shared by the swipe card (motion, draggable) and the
 * still card drawn before motion has arrived (still-deck.tsx): the same box, and the same place
 * for each depth, so the swap from one to the other does not move a pixel.
 */
export const CARD_CLASS =
  'absolute inset-0 touch-pan-y overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-lg shadow-black/5 select-none'

/** The cards below the top one wait smaller and lower. */
export const cardScale = (depth: number) => 1 - depth * 0.04
export const cardOffsetY = (depth: number) => depth * 14
export const cardZIndex = (depth: number) => 10 - depth
