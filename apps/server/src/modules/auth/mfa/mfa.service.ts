import { z } from 'zod'
import { type Queryable, withTransaction } from '../../../platform/db/pool.ts'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../gotrue-errors.ts'
import type { SessionRow } from '../sessions.repository.ts'
import { reissueSession, type SessionResponse } from '../sessions.service.ts'
import type { UserRow } from '../users.repository.ts'
import { limitSecondFactorAttempts, WRONG_CODE } from './attempt-limits.ts'
import * as factors from './mfa.repository.ts'
import type { FactorJson, FactorRow } from './mfa.repository.ts'
import * as users from '../users.repository.ts'
import * as recoveryStore from './recovery-codes.repository.ts'
import { createTotpEnrolment, totpTimeStepOf } from './totp.ts'

/**
 * TOTP multi-factor authentication with GoTrue's rules (protocol §1.3, §1.4 "MFA"): enrol a
 * factor, challenge it, verify a code (which lifts the current session to aal2 and ends the
 * user's aal1 sessions), unenrol. A verified factor makes aal2 the user's next level; only an
 * aal2 session may add another factor or remove a verified one. Wrong codes are limited per
 * factor (attempt-limits.ts); recovery codes stand in for a lost app (recovery-codes.service.ts).
 */
const MAX_ENROLLED_FACTORS = 10
/** How long a challenge can be answered (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION default). */
const CHALLENGE_EXPIRY_MS = 300_000
/** Unverified factors never challenged are swept after this (MFA_FACTOR_EXPIRY_DURATION). */
const ABANDONED_FACTOR_EXPIRY_MS = 300_000

export type EnrolledTotpFactor = {
  id: string
  type: 'totp'
  friendly_name: string
  totp: { qr_code: string; secret: string; uri: string }
}

export type IssuedChallenge = { id: string; type: 'totp'; expires_at: number }

type SignedIn = { user: UserRow; session: SessionRow }

function invalidCode() {
  return new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
}

function challengeUsedOrFromAnotherAddress() {
  return new AuthError(
    422,
    'mfa_ip_address_mismatch',
    'Challenge and verify IP addresses mismatch.',
  )
}

/** What the MFA functions use: verifying a code re-issues the session's tokens. */
export type MfaDeps = Pick<AuthContext, 'db' | 'settings' | 'now' | 'signer'>

/** The user's own factor, or 404 (a factor of another user is as unknown as none). */
async function loadFactor(db: Queryable, user: UserRow, factorId: string): Promise<FactorRow> {
  if (!z.guid().safeParse(factorId).success) {
    throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
  }
  const factor = await factors.findOwnedFactor(db, user.id, factorId)
  if (!factor) {
    throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
  }
  return factor
}

export async function enrollTotpFactor(
  { db, settings, now }: MfaDeps,
  { user, session }: SignedIn,
  input: { friendlyName: string; issuer: string | null },
): Promise<EnrolledTotpFactor> {
  const issuer = input.issuer || new URL(settings.siteUrl).host
  const enrolment = await createTotpEnrolment(issuer, user.email ?? '')
  const factor = await withTransaction(db, async (tx) => {
    const at = now()
    // One enrolment of a user at a time, so the name and count checks below hold.
    await factors.lockUserForEnrolment(tx, user.id)
    await factors.deleteAbandonedFactors(tx, new Date(at.getTime() - ABANDONED_FACTOR_EXPIRY_MS))
    const existing = await factors.listFactors(tx, user.id)
    if (existing.some((factor) => (factor.friendly_name ?? '') === input.friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${input.friendlyName}" for this user already exists`,
      )
    }
    if (existing.length >= MAX_ENROLLED_FACTORS) {
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      )
    }
    if (existing.some((factor) => factor.status === 'verified') && session.aal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
    }
    return factors.insertFactor(tx, {
      userId: user.id,
      friendlyName: input.friendlyName,
      secret: enrolment.secret,
      now: at,
    })
  })
  return {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: enrolment.qrCode, secret: enrolment.secret, uri: enrolment.uri },
  }
}

export async function challengeFactor(
  { db, now }: MfaDeps,
  { user }: SignedIn,
  factorId: string,
  ipAddress: string,
): Promise<IssuedChallenge> {
  const factor = await loadFactor(db, user, factorId)
  const issued = await withTransaction(db, (tx) =>
    factors.insertChallenge(tx, { factorId: factor.id, ipAddress, now: now() }),
  )
  return {
    id: issued.id,
    type: factor.factor_type,
    expires_at: Math.floor((issued.created_at.getTime() + CHALLENGE_EXPIRY_MS) / 1000),
  }
}

/**
 * Checks a code against a challenge. A failed code leaves the challenge usable; a good one
 * uses it, and the code's time step, for good.
 */
export async function verifyFactor(
  deps: MfaDeps,
  { user, session }: SignedIn,
  factorId: string,
  input: { challengeId: string; code: string },
  ipAddress: string,
): Promise<SessionResponse> {
  const { db, now } = deps
  const factor = await loadFactor(db, user, factorId)
  if (!input.code) {
    throw new AuthError(400, 'validation_failed', 'Code needs to be non-empty')
  }
  const at = now()
  const found = z.guid().safeParse(input.challengeId).success
    ? await factors.findChallenge(db, factor.id, input.challengeId)
    : null
  if (!found) {
    throw new AuthError(
      422,
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    )
  }
  if (found.verified_at || found.ip_address !== ipAddress) {
    throw challengeUsedOrFromAnotherAddress()
  }
  if (at.getTime() - found.created_at.getTime() > CHALLENGE_EXPIRY_MS) {
    await factors.deleteChallenge(db, found.id)
    throw new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
    )
  }
  // Wrong codes count against the factor, whatever the address (attempt-limits.ts).
  return limitSecondFactorAttempts(
    db,
    { key: `totp:${factor.id}`, userId: user.id, now: at },
    async (tx) => {
      const timeStep = totpTimeStepOf(factor.secret, input.code, at)
      if (timeStep === null) {
        return WRONG_CODE
      }
      if (!(await factors.markChallengeVerified(tx, found.id, at))) {
        throw challengeUsedOrFromAnotherAddress()
      }
      if (!(await factors.claimTimeStep(tx, factor.id, timeStep))) {
        throw invalidCode() // a code already accepted (or an older one): a replay
      }
      if (factor.status !== 'verified') {
        await factors.markFactorVerified(tx, factor.id, at)
      }
      await factors.elevateSession(tx, { sessionId: session.id, factorId: factor.id, now: at })
      await factors.deleteSessionsBelowAal2(tx, user.id)
      await factors.deleteUnverifiedFactors(tx, user.id)
      return reissueSession(deps, tx, user, session.id)
    },
    invalidCode,
  )
}

export async function unenrollFactor(
  { db, now }: MfaDeps,
  { user, session }: SignedIn,
  factorId: string,
): Promise<{ id: string }> {
  const factor = await loadFactor(db, user, factorId)
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
  }
  await withTransaction(db, async (tx) => {
    await removeFactor(tx, user.id, factor.id, now())
  })
  return { id: factor.id }
}

/** Deletes a factor in the caller's transaction, with what depends on it. */
async function removeFactor(tx: Queryable, userId: string, factorId: string, at: Date) {
  await factors.downgradeSessionsOfFactor(tx, factorId, at)
  await factors.deleteFactor(tx, factorId)
  await recoveryStore.clearFailedAttempts(tx, `totp:${factorId}`)
  // Recovery codes stand in for a verified factor: with none left, they go too.
  if (!(await recoveryStore.firstVerifiedFactorId(tx, userId))) {
    await recoveryStore.deleteRecoveryCodes(tx, userId)
  }
}

/** The user, or 404 `user_not_found` (the admin API's answer for an unknown id). */
async function existingUser(db: Queryable, userId: string): Promise<UserRow> {
  const user = await users.findUserById(db, userId)
  if (!user) {
    throw new AuthError(404, 'user_not_found', 'User not found')
  }
  return user
}

/** GET /admin/users/{id}/factors: every factor of the user, verified or not, oldest first. */
export async function listFactorsAsAdmin(
  { db }: Pick<MfaDeps, 'db'>,
  userId: string,
): Promise<FactorJson[]> {
  await existingUser(db, userId)
  return (await factors.listFactors(db, userId)).map(factors.toFactorJson)
}

/**
 * DELETE /admin/users/{id}/factors/{factorId}: removes the factor as unenrolling does (its aal2
 * sessions fall back to aal1, recovery codes go with the last verified factor) but without the
 * aal2 rule: the admin acts for a user who lost their authenticator. Answers the factor.
 */
export async function deleteFactorAsAdmin(
  { db, now }: Pick<MfaDeps, 'db' | 'now'>,
  userId: string,
  factorId: string,
): Promise<FactorJson> {
  const user = await existingUser(db, userId)
  const factor = await loadFactor(db, user, factorId)
  await withTransaction(db, async (tx) => {
    await removeFactor(tx, user.id, factor.id, now())
  })
  return factors.toFactorJson(factor)
}
