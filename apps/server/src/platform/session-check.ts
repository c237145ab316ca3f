/**
 * "May this access token still reach the user's data?", asked by every surface that serves it
 * (`/rest/v1`, `/storage/v1`, the product API and its data export) for each request carrying a
 * user's access token. A JWT alone stays valid until it expires; this answer also knows whether
 * its session still exists (not signed out, not ended by refresh-token reuse, a password change
 * or account deletion), whether it outlived its lifetime, whether the user is banned, and
 * whether a user with a verified second factor finished signing in with it (aal2).
 *
 * The Auth module implements it (`createSessionCheck`, it owns sessions and users); the wiring
 * hands the one instance to each surface, which answers a refusal in its own wire shape.
 */
export type SessionRefusalCode =
  /** Signed out, ended by refresh-token reuse or a password change, or the account deleted. */
  | 'session_not_found'
  /** Past the inactivity timeout or the absolute lifetime. */
  | 'session_expired'
  | 'user_banned'
  /** The user has a verified second factor and this session has not passed it. */
  | 'insufficient_aal'

export type SessionRefusal = { status: 401 | 403; code: SessionRefusalCode; message: string }

/**
 * The refusal for a verified token's claims, or null when the request may go on. Tokens that
 * are not a user session's (the anon and service-role keys, JWTs without `session_id`) are
 * not sessions: null.
 */
export type CheckSession = (claims: Record<string, unknown>) => Promise<SessionRefusal | null>
