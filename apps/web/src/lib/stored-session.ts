/** The session supabase-js keeps in localStorage, as far as the app reads it without supabase-js. */
export type StoredSession = {
  userId: string | null
  accessToken: string | null
  refreshToken: string | null
  /** When the access token expires, in seconds since the epoch; null when not stored. */
  expiresAt: number | null
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
          user?: { id?: unknown }
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
