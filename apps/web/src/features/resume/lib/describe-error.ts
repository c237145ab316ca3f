import { isApiError } from '@/lib/api'

/** A sentence for the seeker from whatever a call threw: the server's message when it sent one. */
export function describeResumeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'validation_failed') {
      return 'Some fields were refused by the server: check the dates and links, then save again.'
    }
    return error.message
  }
  if (error instanceof Error && error.message) {
    return error.message
  }
  return 'Something went wrong. Try again.'
}
