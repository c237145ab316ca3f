import { z } from 'zod'
import { withTransaction } from '../../../platform/db/pool.ts'
import { AuthError } from '../gotrue-errors.ts'
import type { SessionRow } from '../sessions.repository.ts'
import { reissueSession, type SessionResponse } from '../sessions.service.ts'
import type { UserRow } from '../users.repository.ts'
import { limitSecondFactorAttempts, WRONG_CODE } from './attempt-limits.ts'
import * as factors from './mfa.repository.ts'
import type { MfaDeps } from './mfa.service.ts'
import {
  generateRecoveryCode,
  hashRecoveryCode,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
} from './recovery-codes.ts'
import * as store from './recovery-codes.repository.ts'

/**
 * Recovery codes for TOTP (issue 12, item 4): single-use codes that stand in for the
 * authenticator app at sign-in, for when the phone is lost. GoTrue has none, so they live
 * under `/auth/v1/mfa/recovery-codes`, a path GoTrue does not use (docs/security/mfa.md):
 *
 * - `GET` how many are left (an aal2 session once the user has a verified factor);
 * - `POST` a new set, shown this once (aal2 only; the old set stops working);
 * - `POST …/verify {code}` uses one: the session becomes aal2 with amr `recovery`, as a TOTP
 *   verification would make it, and gets fresh tokens (GoTrue's session response).
 *
 * The set is not returned by the factor's first verification: auth-js stores that response
 * whole as the session in local storage, codes and all. The web app asks for a set right after
 * that verification instead. The set goes when the last verified factor is removed.
 */
type SignedIn = { user: UserRow; session: SessionRow }

export type RecoveryCodeStatus = { total: number; remaining: number; created_at: string | null }
export type IssuedRecoveryCodes = { codes: string[]; created_at: string }

async function hasVerifiedFactor(deps: MfaDeps, userId: string): Promise<boolean> {
  return (await store.firstVerifiedFactorId(deps.db, userId)) !== null
}

function aal2Required(action: string) {
  return new AuthError(403, 'insufficient_aal', `AAL2 required to ${action}`)
}

export async function recoveryCodeStatus(
  deps: MfaDeps,
  { user, session }: SignedIn,
): Promise<RecoveryCodeStatus> {
  if (session.aal !== 'aal2' && (await hasVerifiedFactor(deps, user.id))) {
    throw aal2Required('list recovery codes')
  }
  const counts = await store.countRecoveryCodes(deps.db, user.id)
  return {
    total: counts.total,
    remaining: counts.remaining,
    created_at: counts.created_at?.toISOString() ?? null,
  }
}

export async function issueRecoveryCodes(
  deps: MfaDeps,
  { user, session }: SignedIn,
): Promise<IssuedRecoveryCodes> {
  const at = deps.now()
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode)
  const hashes = codes.map((code) => hashRecoveryCode(user.id, normaliseRecoveryCode(code)!))
  await withTransaction(deps.db, async (tx) => {
    // One issue (or enrolment) of the user at a time: the set replaced is the set counted.
    await factors.lockUserForEnrolment(tx, user.id)
    if (!(await store.firstVerifiedFactorId(tx, user.id))) {
      throw new AuthError(
        422,
        'mfa_factor_not_found',
        'Recovery codes need a verified authenticator app: set one up first',
      )
    }
    if (session.aal !== 'aal2') {
      throw aal2Required('create recovery codes')
    }
    await store.replaceRecoveryCodes(tx, user.id, hashes, at)
  })
  return { codes, created_at: at.toISOString() }
}

export const RecoveryCodeBody = z.looseObject({ code: z.string().max(200).nullish() })

function invalidRecoveryCode() {
  return new AuthError(422, 'mfa_verification_failed', 'Invalid recovery code entered')
}

export async function verifyRecoveryCode(
  deps: MfaDeps,
  { user, session }: SignedIn,
  typed: string,
): Promise<SessionResponse> {
  if (!typed.trim()) {
    throw new AuthError(400, 'validation_failed', 'Code needs to be non-empty')
  }
  const canonical = normaliseRecoveryCode(typed)
  const at = deps.now()
  return limitSecondFactorAttempts(
    deps.db,
    { key: `recovery:${user.id}`, userId: user.id, now: at },
    async (tx) => {
      const factorId = await store.firstVerifiedFactorId(tx, user.id)
      if (!canonical || !factorId) {
        return WRONG_CODE
      }
      if (!(await store.useRecoveryCode(tx, user.id, hashRecoveryCode(user.id, canonical), at))) {
        return WRONG_CODE
      }
      await factors.elevateSession(tx, {
        sessionId: session.id,
        factorId,
        now: at,
        method: 'recovery',
      })
      await factors.deleteSessionsBelowAal2(tx, user.id)
      await factors.deleteUnverifiedFactors(tx, user.id)
      return reissueSession(deps, tx, user, session.id)
    },
    invalidRecoveryCode,
  )
}
