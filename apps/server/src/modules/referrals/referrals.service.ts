/**
 * Referrals (issue 18, ADR 0029): a seeker's code and invitees, invitations by email, redeeming
 * a code, and paying both sides once the invitee qualifies. The rules live in the database
 * (private.redeem_referral_code, the qualifying triggers, private.settle_referral); this file
 * maps their outcomes to answers and grants the credits through the ledger.
 */
import { createHmac } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import {
  REFERRAL_REDEEM_WINDOW_DAYS,
  type PublicReferralCode,
  type RedeemReferralResponse,
  type ReferralInvitationResponse,
  type ReferralInvitee,
  type ReferralsResponse,
} from '@app/contracts'
import type { Clock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { ApiUser } from '../../platform/product-api.ts'
import { grant } from '../credits/index.ts'
import { enqueueEmail } from '../email/index.ts'
import {
  countRewardedThisMonth,
  findCodeOwner,
  findDueReferrals,
  findProfile,
  type FingerprintKind,
  type InviteeRow,
  listInvitees,
  recordFingerprints,
  redeemCode,
  settleReferral,
} from './referrals.repository.ts'

export type ReferralSettings = {
  /** Credits each side gets when an invitee qualifies (`REFERRAL_REWARD_CREDITS`). */
  rewardCredits: number
  /** Rewarded referrals per referrer and calendar month (`REFERRAL_MONTHLY_CAP`). */
  monthlyCap: number
}

export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = { rewardCredits: 20, monthlyCap: 10 }

export function referralSettingsFromConfig(config: Config): ReferralSettings {
  return { rewardCredits: config.REFERRAL_REWARD_CREDITS, monthlyCap: config.REFERRAL_MONTHLY_CAP }
}

export type ReferralsDeps = {
  db: Database
  now: Clock
  settings: ReferralSettings
  /** HMAC key of the fingerprints (`fingerprintKey(jwtSecret)`). */
  fingerprintKey: Buffer
  /** The app's URL, for the share link in invitations. */
  appUrl: string
}

/** Where a request came from: its IP address (as TRUST_PROXY reads it) and the device id sent. */
export type Seen = { ip: string | null; deviceId: string | null }

/** The per-install key of fingerprints, derived from the install's JWT secret. */
export function fingerprintKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('referral fingerprints v1').digest()
}

/** A device id is the web app's random id: anything else is ignored. */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/

/**
 * Addresses that name a proxy or a local network rather than a person: loopback, private,
 * link-local, carrier-grade NAT, unique-local. Seeing one means TRUST_PROXY does not name the
 * proxy in front (or a local install): comparing them would hold every pair, so they are not.
 */
const NOT_A_PERSON = new BlockList()
NOT_A_PERSON.addSubnet('0.0.0.0', 8, 'ipv4')
NOT_A_PERSON.addSubnet('10.0.0.0', 8, 'ipv4')
NOT_A_PERSON.addSubnet('100.64.0.0', 10, 'ipv4')
NOT_A_PERSON.addSubnet('127.0.0.0', 8, 'ipv4')
NOT_A_PERSON.addSubnet('169.254.0.0', 16, 'ipv4')
NOT_A_PERSON.addSubnet('172.16.0.0', 12, 'ipv4')
NOT_A_PERSON.addSubnet('192.168.0.0', 16, 'ipv4')
NOT_A_PERSON.addAddress('::', 'ipv6')
NOT_A_PERSON.addAddress('::1', 'ipv6')
NOT_A_PERSON.addSubnet('fc00::', 7, 'ipv6')
NOT_A_PERSON.addSubnet('fe80::', 10, 'ipv6')

/** The address to compare (IPv4-mapped IPv6 as IPv4), or null when it names no person. */
export function comparableAddress(ip: string): string | null {
  const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip.toLowerCase()
  const family = isIP(address)
  if (family === 0 || NOT_A_PERSON.check(address, family === 4 ? 'ipv4' : 'ipv6')) {
    return null
  }
  return address
}

export function fingerprintsOf(key: Buffer, seen: Seen): { kind: FingerprintKind; hash: string }[] {
  const hash = (kind: FingerprintKind, value: string) =>
    createHmac('sha256', key).update(`${kind}:${value}`).digest('hex')
  const out: { kind: FingerprintKind; hash: string }[] = []
  const address = seen.ip ? comparableAddress(seen.ip) : null
  if (address) {
    out.push({ kind: 'ip', hash: hash('ip', address) })
  }
  if (seen.deviceId && DEVICE_ID.test(seen.deviceId)) {
    out.push({ kind: 'device', hash: hash('device', seen.deviceId) })
  }
  return out
}

export const sharePath = (code: string) => `/r/${code}`

function refuseGuest(user: ApiUser) {
  if (user.isAnonymous) {
    throw new AppError('referral_guest', 'Create an account to get and use referral codes')
  }
}

/** "jane@example.com" → "j•••@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) {
    return '•••'
  }
  return `${email[0]}•••${email.slice(at)}`
}

function toInvitee(row: InviteeRow): ReferralInvitee {
  const firstName = row.first_name?.trim()
  return {
    id: row.id,
    name: firstName || (row.email ? maskEmail(row.email) : 'Someone'),
    status: row.status,
    qualified: row.qualified_at !== null,
    redeemedAt: row.redeemed_at.toISOString(),
    rewardedAt: row.reward_granted_at?.toISOString() ?? null,
    creditsEarned: row.referrer_reward_credits ?? 0,
  }
}

/** GET referrals: the code, the rules and the invitees; records where the referrer is seen. */
export async function readReferrals(
  deps: ReferralsDeps,
  user: ApiUser,
  seen: Seen,
): Promise<ReferralsResponse> {
  refuseGuest(user)
  const now = deps.now()
  const profile = await findProfile(deps.db, user.id)
  if (!profile) {
    throw new AppError('not_found', 'User not found')
  }
  await recordFingerprints(deps.db, user.id, fingerprintsOf(deps.fingerprintKey, seen), now)
  const invitees = (await listInvitees(deps.db, user.id)).map(toInvitee)
  return {
    referralCode: profile.referral_code,
    sharePath: sharePath(profile.referral_code),
    rewardCredits: deps.settings.rewardCredits,
    monthlyCap: deps.settings.monthlyCap,
    rewardedThisMonth: await countRewardedThisMonth(deps.db, user.id, now),
    redeemWindowDays: REFERRAL_REDEEM_WINDOW_DAYS,
    invitees,
    totalCreditsEarned: invitees.reduce((sum, invitee) => sum + invitee.creditsEarned, 0),
  }
}

/** POST referrals {email}: one invitation per address and inviter, through the outbox. */
export async function inviteByEmail(
  deps: ReferralsDeps,
  user: ApiUser,
  email: string,
  seen: Seen,
): Promise<ReferralInvitationResponse> {
  refuseGuest(user)
  const address = email.trim()
  if (user.email && user.email.toLowerCase() === address.toLowerCase()) {
    throw new AppError('referral_own_code', 'That is your own address: invite someone else')
  }
  const now = deps.now()
  const profile = await findProfile(deps.db, user.id)
  if (!profile) {
    throw new AppError('not_found', 'User not found')
  }
  const link = new URL(sharePath(profile.referral_code), deps.appUrl).toString()
  return withTransaction(deps.db, async (tx) => {
    await recordFingerprints(tx, user.id, fingerprintsOf(deps.fingerprintKey, seen), now)
    const queued = await enqueueEmail(tx, {
      userId: null,
      to: address,
      template: 'referral_invitation',
      data: {
        inviterName: profile.first_name?.trim() || null,
        code: profile.referral_code,
        rewardCredits: deps.settings.rewardCredits,
        link,
      },
      dedupeKey: `referral-invitation:${user.id}:${address.toLowerCase()}`,
      queuedAt: now,
    })
    return { email: address, sent: queued !== null }
  })
}

/** POST referrals/redeem {code}: the rules are the database's; pays at once if qualified. */
export async function redeemReferral(
  deps: ReferralsDeps,
  user: ApiUser,
  code: string,
  seen: Seen,
): Promise<RedeemReferralResponse> {
  refuseGuest(user)
  const hashes = fingerprintsOf(deps.fingerprintKey, seen)
  const result = await redeemCode(deps.db, {
    userId: user.id,
    code,
    ipHash: hashes.find((h) => h.kind === 'ip')?.hash ?? null,
    deviceHash: hashes.find((h) => h.kind === 'device')?.hash ?? null,
    now: deps.now(),
    windowDays: REFERRAL_REDEEM_WINDOW_DAYS,
  })
  switch (result.outcome) {
    case 'redeemed':
    case 'held':
      break
    case 'invalid':
      throw new AppError('referral_code_invalid', 'No account has this referral code: check it')
    case 'own_code':
      throw new AppError('referral_own_code', 'This is your own referral code: share it instead')
    case 'guest':
      throw new AppError('referral_guest', 'Create an account to get and use referral codes')
    case 'already_redeemed':
      throw new AppError(
        'referral_already_redeemed',
        'This account has already used a referral code: one per account',
      )
    case 'too_late':
      throw new AppError(
        'referral_too_late',
        `Referral codes can be used within ${REFERRAL_REDEEM_WINDOW_DAYS} days of signing up`,
        { details: { windowDays: REFERRAL_REDEEM_WINDOW_DAYS } },
      )
    case 'user_not_found':
      throw new AppError('not_found', 'User not found')
  }
  const referralId = result.referralId!
  let status: RedeemReferralResponse['status'] = result.outcome === 'held' ? 'held' : 'pending'
  if (result.outcome === 'redeemed' && result.qualified) {
    // Already qualified (e.g. an upgraded guest who finished onboarding): pay now.
    if (await rewardReferral(deps, referralId)) {
      status = 'rewarded'
    }
  }
  return {
    referralId,
    status,
    qualified: result.qualified,
    rewardCredits: deps.settings.rewardCredits,
  }
}

/** GET public/referrals/{code}: whether the code exists, and the inviter's first name. */
export async function readPublicCode(db: Database, code: string): Promise<PublicReferralCode> {
  const owner = await findCodeOwner(db, code)
  const profile = owner && (await findProfile(db, owner.user_id))
  if (!owner || !profile) {
    throw new AppError('referral_code_invalid', 'No account has this referral code: check it')
  }
  return { referralCode: profile.referral_code, inviterFirstName: owner.first_name?.trim() || null }
}

/**
 * Settles one qualified referral and grants both rewards in ONE transaction: the row lock makes
 * a second caller wait and then find nothing due, and the ledger keys refuse a second payment.
 * True when this call paid.
 */
export async function rewardReferral(
  deps: Pick<ReferralsDeps, 'db' | 'now' | 'settings'>,
  referralId: string,
): Promise<boolean> {
  return withTransaction(deps.db, async (tx) => {
    const now = deps.now()
    const settled = await settleReferral(tx, {
      referralId,
      credits: deps.settings.rewardCredits,
      monthlyCap: deps.settings.monthlyCap,
      now,
    })
    if (!settled) {
      return false
    }
    const metadata = { referralId }
    await grant(
      tx,
      {
        userId: settled.referred_user_id,
        amount: settled.referred_credits,
        idempotencyKey: `referral:${referralId}:referred`,
        reason: 'referral',
        metadata,
      },
      now,
    )
    if (settled.referrer_credits > 0) {
      await grant(
        tx,
        {
          userId: settled.referrer_user_id,
          amount: settled.referrer_credits,
          idempotencyKey: `referral:${referralId}:referrer`,
          reason: 'referral',
          metadata,
        },
        now,
      )
    }
    return true
  })
}

/** Pays every qualified referral still pending; the number paid. */
export async function rewardDueReferrals(
  deps: Pick<ReferralsDeps, 'db' | 'now' | 'settings'>,
): Promise<number> {
  let paid = 0
  for (;;) {
    const due = await findDueReferrals(deps.db, 50)
    for (const id of due) {
      if (await rewardReferral(deps, id)) {
        paid += 1
      }
    }
    if (due.length < 50) {
      return paid
    }
  }
}
