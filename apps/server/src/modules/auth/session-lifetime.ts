import type { SessionLifetime } from './auth-settings.ts'

/**
 * How a session's lifetime ended, or null while it lasts (GoTrue's session validity): past the
 * timebox since sign-in, or not refreshed within the inactivity timeout. A limit of 0 is off.
 * Refreshing a session (`refreshed_at`) is its activity: an open app refreshes hourly.
 */
export function sessionLifetimeEnd(
  session: { created_at: Date; refreshed_at: Date | null },
  lifetime: SessionLifetime,
  at: Date,
): 'timebox' | 'inactivity' | null {
  const now = at.getTime()
  if (lifetime.timeboxMs > 0 && now > session.created_at.getTime() + lifetime.timeboxMs) {
    return 'timebox'
  }
  const lastRefreshed = session.refreshed_at ?? session.created_at
  if (
    lifetime.inactivityTimeoutMs > 0 &&
    now > lastRefreshed.getTime() + lifetime.inactivityTimeoutMs
  ) {
    return 'inactivity'
  }
  return null
}
