import { isApiError } from '@/lib/api'

/** A sentence for the seeker from whatever a roast call threw: the server's message when it sent one. */
export function describeRoastError(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'analysis_not_ready') {
      return 'Your review isn’t finished yet: the roast can be made once it is.'
    }
    return error.message
  }
  if (error instanceof Error && error.message) {
    return error.message
  }
  return 'Something went wrong. Try again.'
}

/** Whether a public read answered "no such published roast": the page is then not found. */
export function isRoastNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'roast_not_found')
}
