import {
  isAuthError,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
} from '@/lib/auth-errors'

/**
 * What to tell a person when an account action fails. Known GoTrue error codes get a sentence
 * that says what to do next; a code missing here keeps the server's own message (weak_password
 * and the email rate limit already explain themselves). Errors the app raises itself carry the
 * spec's messages ("Failed to create anonymous user", …) and are shown as they are.
 */
const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.'

const MESSAGES_BY_CODE: Readonly<Record<string, string>> = {
  invalid_credentials: 'Incorrect email or password.',
  email_not_confirmed: 'Confirm your email address first: open the link we sent you, then sign in.',
  user_already_exists: 'An account with this email already exists. Sign in instead.',
  email_exists: 'An account with this email already exists. Sign in instead.',
  same_password: 'Your new password must be different from your current one.',
  otp_expired: 'This link has expired or has already been used. Ask for a new one.',
  over_request_rate_limit: 'Too many attempts. Wait a few minutes, then try again.',
  signup_disabled: 'New accounts cannot be created at the moment.',
  email_provider_disabled: 'Signing in with an email address is turned off.',
  user_banned: 'This account has been suspended.',
  session_not_found: SESSION_ENDED_MESSAGE,
}

const NETWORK_MESSAGE = "We couldn't reach the server. Check your connection and try again."

/** The server refused a password found in its list of common or breached ones (reason `pwned`). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common or has appeared in a data breach, so it is easy to guess. Choose a different one.'

/**
 * The password policy's refusal (422 `weak_password`), as the new-password field shows it: a
 * common or breached password in plain words, the length rules in the server's own ("Password
 * should be at most 256 characters."). Null for any other error.
 */
export function describeWeakPassword(error: unknown): string | null {
  if (isAuthWeakPasswordError(error) || (isAuthError(error) && error.code === 'weak_password')) {
    const reasons = isAuthWeakPasswordError(error) ? error.reasons : []
    return reasons.includes('pwned') ? COMMON_PASSWORD_MESSAGE : error.message || null
  }
  return null
}
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.'

/** The sentence for an error code from the auth server (also found in redirect URLs). */
export function messageForAuthErrorCode(code: string | null | undefined): string | null {
  return (code && MESSAGES_BY_CODE[code]) || null
}

export function describeAuthError(error: unknown): string {
  if (isAuthRetryableFetchError(error)) {
    return NETWORK_MESSAGE
  }
  if (isAuthSessionMissingError(error)) {
    return SESSION_ENDED_MESSAGE
  }
  const weakPassword = describeWeakPassword(error)
  if (weakPassword) {
    return weakPassword
  }
  if (isAuthError(error)) {
    return messageForAuthErrorCode(error.code) ?? (error.message || FALLBACK_MESSAGE)
  }
  return error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE
}
