import { z } from 'zod'

/**
 * Every error code the product API can answer with, each mapped to its one HTTP status.
 * Codes are stable snake_case strings: clients branch on them, never on messages.
 */
export const ERROR_STATUS = {
  /** The request body or query failed its schema; `details` lists each problem. Fix the input. */
  validation_failed: 400,
  /** The body is not valid JSON. Send JSON. */
  bad_json: 400,
  /** No bearer token, or it is invalid or expired. Sign in again. */
  not_authenticated: 401,
  /** Signed in, but this action is not allowed for this user. */
  forbidden: 403,
  /** The addressed thing does not exist or is not the caller's. */
  not_found: 404,
  /** No route answers this method and path. */
  route_not_found: 404,
  /** The request conflicts with the current state (a duplicate, say). */
  conflict: 409,
  /**
   * Not enough credits left for this action (a right swipe); nothing was recorded or charged.
   * `details` holds `{creditCost, credits}` (the credits response as it is now). Wait for the
   * next refresh (`credits.nextRefreshDate`) or get more credits.
   */
  insufficient_credits: 402,
  /** The body is larger than the endpoint accepts. */
  payload_too_large: 413,
  /** The Content-Type is not one the endpoint accepts. */
  unsupported_media_type: 415,
  /** Too many requests; retry after the time in `Retry-After`. */
  over_request_rate_limit: 429,
  /** Something failed on our side; it is logged with the request id. Retry later. */
  unexpected_failure: 500,
  /** A dependency (the database) is unavailable; retry later. */
  service_unavailable: 503,
} as const satisfies Record<string, number>

export type ErrorCode = keyof typeof ERROR_STATUS
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[]

export const ErrorResponseSchema = z.object({
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  details: z.unknown().optional(),
})
/** The body of every non-2xx answer of the product API. */
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>

export function statusForErrorCode(code: ErrorCode): number {
  return ERROR_STATUS[code]
}
