import type { Database } from '../../platform/db/pool.ts'
import type { JwtKeys } from '../../platform/keys/signing-keys.ts'
import { type AccessTokenSigner, createAccessTokenSigner } from './access-tokens.ts'
import type { AuthSettings, SessionLifetime } from './auth-settings.ts'
import { createSessionCheck, type SessionCheck } from './session-check.ts'

/**
 * The dependencies every Auth function takes first: the database, the settings, the clock
 * (tests move it forward) and the token signer. Plain data, built once per server by
 * `registerAuthRoutes`; each function names the part it needs with `Pick<AuthContext, …>`.
 */
export type AuthServiceOptions = {
  db: Database
  /** The install's signing and verification keys (`createJwtKeys`, ADR 0030). */
  jwtKeys: JwtKeys
  settings: AuthSettings
  now?: () => Date
  /**
   * The session check the data surfaces use (the wiring builds one per app and hands it to
   * each): sessions this service ends are forgotten by it at once. Default: a private one.
   */
  sessionCheck?: SessionCheck
}

export type AuthContext = {
  db: Database
  settings: AuthSettings
  now: () => Date
  signer: AccessTokenSigner
  /** `settings.reuseIntervalMs`, on its own so the session functions need no other setting. */
  reuseIntervalMs: number
  /** `settings.sessionLifetime`, likewise. */
  sessionLifetime: SessionLifetime
  sessionCheck: SessionCheck
}

export function createAuthContext(options: AuthServiceOptions): AuthContext {
  const { db, settings } = options
  const now = options.now ?? (() => new Date())
  const signer = createAccessTokenSigner(options.jwtKeys, settings.externalUrl)
  return {
    db,
    settings,
    now,
    signer,
    reuseIntervalMs: settings.reuseIntervalMs,
    sessionLifetime: settings.sessionLifetime,
    sessionCheck:
      options.sessionCheck ?? createSessionCheck({ db, now, lifetime: settings.sessionLifetime }),
  }
}
