/**
 * The signed-in user's id as supabase-js stored it, read without any request: `getSession()`
 * would first try to refresh an expired token, which offline means waiting on retries.
 */
export function storedUserId(): string | null {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index)
      if (key && /^sb-.+-auth-token$/.test(key)) {
        const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as {
          user?: { id?: unknown }
        } | null
        return typeof stored?.user?.id === 'string' ? stored.user.id : null
      }
    }
  } catch {
    // Storage unreadable: no user, so no cache of anyone's.
  }
  return null
}
