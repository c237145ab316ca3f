import { z } from 'zod'
import { CreditsResponseSchema, MAX_CREDIT_PRICE } from './credits.ts'

/**
 * `POST /api/swipes` (spec section 7: swipeDirection, creditCost, isLastCard) and
 * `DELETE /api/swipes/:id` (undo of a left swipe).
 *
 * A right swipe spends the server's price of a right swipe (`public.credit_prices`, action
 * `right_swipe`) and saves the job to the user's applications, in one transaction. `creditCost`
 * is the price the client showed: when it is not the server's price the answer is 409
 * `price_changed` with the current price in `details`, and nothing is recorded; without enough
 * credits the answer is 402 `insufficient_credits` and nothing is recorded. A left swipe is
 * free and hides the job from the deck. Either way a job is swiped once per user: a second
 * swipe on it is 409 `conflict`.
 *
 * Send an `Idempotency-Key` header (any string of 1–255 characters, a UUID per swipe is
 * simplest): a retry with the same key answers the original result and never charges twice.
 * Without the header a retry is answered 409 `conflict` (the job is already swiped), which is
 * also never a second charge.
 */
export const SWIPE_DIRECTIONS = ['RIGHT', 'LEFT'] as const
export type SwipeDirection = (typeof SWIPE_DIRECTIONS)[number]

/**
 * Spec section 9: the default price of a right swipe, 1 credit. The server's price lives in
 * `public.credit_prices`; a request without `creditCost` says the client showed this default.
 */
export const DEFAULT_SWIPE_CREDIT_COST = 1
export const MAX_SWIPE_CREDIT_COST = MAX_CREDIT_PRICE

/** The request header carrying the client's key for a swipe (case-insensitive in HTTP). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255

export const SwipeRequestSchema = z.object({
  /** The job swiped on. The spec's body does not show it; it travels here. */
  jobId: z.uuid(),
  swipeDirection: z.enum(SWIPE_DIRECTIONS),
  /**
   * The price of a right swipe the client showed the user. The server charges its own price and
   * answers 409 `price_changed` if this differs; a left swipe is free whatever is sent.
   */
  creditCost: z.number().int().min(0).max(MAX_SWIPE_CREDIT_COST).default(DEFAULT_SWIPE_CREDIT_COST),
  /**
   * Whether this was the deck's last card. The client refreshes its jobs list after such a
   * swipe (spec section 4); the server accepts the flag and needs nothing from it.
   */
  isLastCard: z.boolean().default(false),
})
/** What the client sends (defaults not yet applied). */
export type SwipeRequest = z.input<typeof SwipeRequestSchema>

export const SwipeSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  direction: z.enum(SWIPE_DIRECTIONS),
  /** Credits actually charged: the server's price for a right swipe, 0 for a left one. */
  creditCost: z.number().int().min(0),
  createdAt: z.iso.datetime(),
})
export type Swipe = z.infer<typeof SwipeSchema>

/** The answer of `POST /api/swipes` (201, or 200 for a retry answered from the first time). */
export const SwipeResponseSchema = z.object({
  swipe: SwipeSchema,
  /** The user's credits right after this swipe (for a retry: as they are now). */
  credits: CreditsResponseSchema,
  /** The application a right swipe saved the job to (status SAVED); null for a left swipe. */
  applicationId: z.uuid().nullable(),
})
export type SwipeResponse = z.infer<typeof SwipeResponseSchema>

/** `details` of a 402 `insufficient_credits` answer: the server's price and what is left. */
export const InsufficientCreditsDetailsSchema = z.object({
  creditCost: z.number().int().min(0),
  credits: CreditsResponseSchema,
})
export type InsufficientCreditsDetails = z.infer<typeof InsufficientCreditsDetailsSchema>
