import type { Database } from '../../platform/db/pool.ts'
import { type AccessTokenSigner, createAccessTokenSigner } from './access-tokens.ts'
import type { AuthSettings } from './auth-settings.ts'
import { createSessionService, type SessionService } from './sessions.service.ts'
import { createUserService, type UserService } from './users.service.ts'

/**
 * Everything the Auth routes share: the database, the settings, the clock (tests move it
 * forward) and the services built on them. Built once per server by `registerAuthRoutes`.
 */
export type AuthServiceOptions = {
  db: Database
  jwtSecret: string
  settings: AuthSettings
  now?: () => Date
}

export type AuthContext = {
  db: Database
  settings: AuthSettings
  now: () => Date
  signer: AccessTokenSigner
  sessions: SessionService
  users: UserService
}

export function createAuthContext(options: AuthServiceOptions): AuthContext {
  const { db, settings } = options
  const now = options.now ?? (() => new Date())
  const signer = createAccessTokenSigner(options.jwtSecret, settings.externalUrl)
  const sessions = createSessionService({
    db,
    signer,
    now,
    reuseIntervalMs: settings.reuseIntervalMs,
  })
  const users = createUserService({ db, sessions, now })
  return { db, settings, now, signer, sessions, users }
}
