import type pg from 'pg'
import { type Database, withTransaction } from '../../../platform/db/pool.ts'
import { AuthError } from '../gotrue-errors.ts'
import * as store from './recovery-codes.repository.ts'

/**
 * Wrong second-factor codes are limited per TOTP factor and per user's recovery codes, in
 * PostgreSQL (`auth.mfa_failed_attempts`), whatever the client's address: a guesser holding
 * the password cannot spread guesses over many addresses, and every server process counts
 * together. Every 5th wrong code in a row locks the key: 5 minutes, then twice as long each
 * time (10, 20, 40 min) up to an hour. A right code clears the count; failures a day old
 * are forgotten. While locked, even a right code is refused (429 with `Retry-After`).
 *
 * With 3 acceptable TOTP codes in a million (one step of tolerance either way), that leaves
 * a guesser about 140 guesses a day, 1 chance in 2,400; none in practice for 60-bit recovery
 * codes.
 */
export const SECOND_FACTOR_ATTEMPTS = {
  /** Wrong codes in a row that lock the key. */
  failuresBeforeLock: 5,
  /** The first lock; each further lock doubles it. */
  firstLockMs: 5 * 60_000,
  /** The longest lock. */
  maxLockMs: 60 * 60_000,
  /** A count whose last failure is this old starts again from zero. */
  forgetAfterMs: 24 * 60 * 60_000,
} as const

/** 429 with the seconds until the key unlocks, for the route to send as `Retry-After`. */
export class SecondFactorLockedError extends AuthError {
  override name = 'SecondFactorLockedError'

  readonly retryAfterSeconds: number

  constructor(retryAfterSeconds: number) {
    super(
      429,
      'over_request_rate_limit',
      `Too many wrong codes. Try again in ${formatWait(retryAfterSeconds)}.`,
    )
    this.retryAfterSeconds = retryAfterSeconds
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) {
    return `${seconds} second${seconds === 1 ? '' : 's'}`
  }
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** What an attempt returns for a wrong code: the failure is counted, then `wrong` thrown. */
export const WRONG_CODE = Symbol('wrong code')

/** The lock after `failures` wrong codes in a row, or null when they lock nothing. */
export function lockAfter(failures: number): number | null {
  const { failuresBeforeLock, firstLockMs, maxLockMs } = SECOND_FACTOR_ATTEMPTS
  if (failures <= 0 || failures % failuresBeforeLock !== 0) {
    return null
  }
  const locksSoFar = failures / failuresBeforeLock
  return Math.min(firstLockMs * 2 ** Math.min(locksSoFar - 1, 30), maxLockMs)
}

/**
 * Runs `attempt` in a transaction under the key's limit: refused while locked; a result of
 * `WRONG_CODE` counts a failure (committed) and throws `wrong()`; any other result clears
 * the count and is returned. An exception from `attempt` rolls everything back, count included.
 */
export async function limitSecondFactorAttempts<T>(
  db: Database,
  limit: { key: string; userId: string; now: Date },
  attempt: (tx: pg.PoolClient) => Promise<T | typeof WRONG_CODE>,
  wrong: () => Error,
): Promise<T> {
  const { key, userId, now } = limit
  const outcome = await withTransaction(db, async (tx) => {
    const row = await store.lockFailedAttempts(tx, key, userId, now)
    if (row.locked_until && row.locked_until > now) {
      const seconds = Math.ceil((row.locked_until.getTime() - now.getTime()) / 1000)
      return { kind: 'locked', seconds } as const
    }
    const result = await attempt(tx)
    if (result === WRONG_CODE) {
      const stale = now.getTime() - row.updated_at.getTime() > SECOND_FACTOR_ATTEMPTS.forgetAfterMs
      const failures = (stale ? 0 : row.failures) + 1
      const lockMs = lockAfter(failures)
      await store.updateFailedAttempts(tx, {
        key,
        failures,
        lockedUntil: lockMs === null ? null : new Date(now.getTime() + lockMs),
        now,
      })
      return { kind: 'wrong' } as const
    }
    await store.clearFailedAttempts(tx, key)
    return { kind: 'done', result } as const
  })
  if (outcome.kind === 'locked') {
    throw new SecondFactorLockedError(outcome.seconds)
  }
  if (outcome.kind === 'wrong') {
    throw wrong()
  }
  return outcome.result
}
