/**
 * Deleting the account needs a recent sign-in: the session's newest sign-in (its `amr` claim's
 * newest first-factor timestamp: password, email link or code, Google) must be at most this old.
 * The server enforces it (403 `reauthentication_needed`); the web app reads it to know whether
 * to ask for the password before it tries.
 */
export const REAUTHENTICATION_MAX_AGE_SECONDS = 10 * 60

/** The `amr` methods of a second factor: they confirm a sign-in, they are not one. */
const SECOND_FACTOR_METHODS = new Set(['totp', 'recovery'])

/**
 * When (epoch seconds) the session last signed in with a first factor, from its `amr` claim
 * (GoTrue: `[{method, timestamp}]`); null when the claim names none.
 */
export function lastSignInAt(amr: readonly { method: string; timestamp: number }[]): number | null {
  let newest: number | null = null
  for (const entry of amr) {
    if (!SECOND_FACTOR_METHODS.has(entry.method) && (newest === null || entry.timestamp > newest)) {
      newest = entry.timestamp
    }
  }
  return newest
}

/** Whether a sign-in at `signedInAt` (epoch seconds) is recent enough at `nowSeconds`. */
export function isRecentSignIn(signedInAt: number | null, nowSeconds: number): boolean {
  return signedInAt !== null && nowSeconds - signedInAt <= REAUTHENTICATION_MAX_AGE_SECONDS
}
