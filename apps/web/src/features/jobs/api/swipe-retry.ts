import { isApiError } from '@/lib/api'

/**
 * Unanswered requests and server failures are retried twice (the same idempotency key makes
 * that safe); a refusal such as `insufficient_credits` is final.
 */
export function isWorthRetrying(failureCount: number, error: Error): boolean {
  return failureCount < 2 && isApiError(error) && (error.status === 0 || error.status >= 500)
}
