/** The session supabase-js keeps in localStorage, as far as the app reads it without supabase-js. */
export type StoredSession = {
  userId: string | null
  accessToken: string | null
  refreshToken: string | null
  /** When the access token expires, in seconds since the epoch; null when not stored. */
  expiresAt: number | null
  /** Whether the user has a verified second factor (an authenticator app). */
  hasVerifiedFactor: boolean
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/**
 * The signed-in user's session as supabase-js stored it (`sb-<ref>-auth-token`), read without
 * any request and without loading supabase-js: `getSession()` would first try to refresh an
 * expired token, which offline means waiting on retries. Null when none is stored.
 */
export function storedSession(): StoredSession | null {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index)
      if (key && /^sb-.+-auth-token$/.test(key)) {
        const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as {
          user?: { id?: unknown; factors?: unknown }
          access_token?: unknown
          refresh_token?: unknown
          expires_at?: unknown
        } | null
        if (!stored) {
          return null
        }
        return {
          userId: text(stored.user?.id),
          accessToken: text(stored.access_token),
          refreshToken: text(stored.refresh_token),
          expiresAt: typeof stored.expires_at === 'number' ? stored.expires_at : null,
          hasVerifiedFactor:
            Array.isArray(stored.user?.factors) &&
            stored.user.factors.some(
              (factor: unknown) => (factor as { status?: unknown } | null)?.status === 'verified',
            ),
        }
      }
    }
  } catch {
    // Storage unreadable: no session, so no cache of anyone's.
  }
  return null
}

/** The signed-in user's id as supabase-js stored it (see `storedSession`). */
export function storedUserId(): string | null {
  return storedSession()?.userId ?? null
}

/**
 * The assurance level an access token states (its `aal` claim: 'aal1', or 'aal2' once a second
 * factor was given), read without checking its signature: only to decide what to ask for
 * early, never to trust. Null when the token cannot be read.
 */
export function tokenAssuranceLevel(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1] ?? ''
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const aal = (JSON.parse(json) as { aal?: unknown }).aal
    return typeof aal === 'string' ? aal : null
  } catch {
    return null
  }
}
