/** The spec's rules for the answer of POST auth/link-social (spec §7 and §8). */
export const LINK_FAILED_MESSAGE = 'Failed to link social account'

/** The address already has another account here: that account signs in with it, fine. */
export const EMAIL_ALREADY_EXISTS = 'Email already exists'

export function isLinkedOrFine(answer: { success: boolean; message: string }): boolean {
  return answer.success || answer.message === EMAIL_ALREADY_EXISTS
}

const REASONS_BY_CODE: Readonly<Record<string, string>> = {
  identity_already_exists: 'This account is already linked to another user.',
  access_denied: 'Access was not granted.',
}

/**
 * What the page says when the auth server sent the browser back from a link attempt with an
 * error: the spec's text, then why (a known code's sentence, else the server's description).
 */
export function linkFailureMessage(code: string | null, description: string): string {
  const reason = (code && REASONS_BY_CODE[code]) || description
  return reason ? `${LINK_FAILED_MESSAGE}. ${reason}` : LINK_FAILED_MESSAGE
}
