import {
  isAuthError,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
} from '@/lib/auth-errors'

/**
 * What the account screens say when an action fails. The auth server's MFA codes get a
 * sentence that says what to do next; any other error keeps its message: the server's own
 * (the refusal to unlink the last identity), the product API's (`ApiError`), or the spec's
 * texts the app raises itself ("Profile not found", "Failed to link social account", …).
 */
const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.'
const NETWORK_MESSAGE = "We couldn't reach the server. Check your connection and try again."
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.'
const ENTER_CURRENT_CODE = 'Enter the code your authenticator app shows now.'

const MESSAGES_BY_CODE: Readonly<Record<string, string>> = {
  mfa_verification_failed: `That code isn't right. ${ENTER_CURRENT_CODE}`,
  mfa_challenge_expired: `That took too long. ${ENTER_CURRENT_CODE}`,
  mfa_ip_address_mismatch: `Your connection changed while verifying. ${ENTER_CURRENT_CODE}`,
  mfa_factor_not_found: 'This authenticator app is no longer set up. Reload the page.',
  insufficient_aal: 'Sign out and sign in again with your authenticator code to do this.',
  identity_already_exists: 'This account is already linked to another user.',
  session_not_found: SESSION_ENDED_MESSAGE,
}

export function describeAccountError(error: unknown): string {
  if (isAuthRetryableFetchError(error)) {
    return NETWORK_MESSAGE
  }
  if (isAuthSessionMissingError(error)) {
    return SESSION_ENDED_MESSAGE
  }
  if (isAuthError(error)) {
    return (error.code && MESSAGES_BY_CODE[error.code]) || error.message || FALLBACK_MESSAGE
  }
  return error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE
}
