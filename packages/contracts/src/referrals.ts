import { z } from 'zod'

/**
 * Referrals (issue 18, ADR 0029). Every account has a referral code (8 characters from an
 * alphabet without look-alikes). A new account redeems a friend's code within 30 days of
 * signing up; both are rewarded in credits once the invitee qualifies (confirmed email and a
 * completed onboarding). A referrer is rewarded for at most `monthlyCap` referrals a calendar
 * month (the invitee always is); a pair seen on the same IP address or device is held for
 * review.
 *
 * Signed in:
 * - `GET /api/referrals` → `ReferralsResponse` (the code, the rules, the invitees so far); 403
 *   `referral_guest` for a guest;
 * - `POST /api/referrals {email}` → 202 `ReferralInvitationResponse`: invites a friend by email
 *   (at most once per address; 429 past the daily invitation limit);
 * - `POST /api/referrals/redeem {code}` → `RedeemReferralResponse`; 404 `referral_code_invalid`,
 *   422 `referral_own_code`, 422 `referral_too_late`, 403 `referral_guest`, 409
 *   `referral_already_redeemed`.
 * Public (no session):
 * - `GET /api/public/referrals/{code}` → `PublicReferralCode` (the inviter's first name only),
 *   404 `referral_code_invalid`.
 *
 * The optional `x-device-id` header (a random id the web app keeps) is hashed with the IP
 * address for the same-device check; neither is ever stored as sent.
 */

/** Days after signing up during which a code may be redeemed. */
export const REFERRAL_REDEEM_WINDOW_DAYS = 30

/** The header carrying the web app's random device id. */
export const DEVICE_ID_HEADER = 'x-device-id'

export const ReferralStatusSchema = z.enum(['pending', 'held', 'rewarded', 'rejected'])
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>

export const ReferralInviteeSchema = z.object({
  id: z.uuid(),
  /** The invitee's first name, else their email masked ("j•••@example.com"). */
  name: z.string(),
  status: ReferralStatusSchema,
  /** The invitee confirmed their email and completed onboarding. */
  qualified: z.boolean(),
  redeemedAt: z.iso.datetime({ offset: true }),
  rewardedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Credits the referrer earned from this invitee (0 past the monthly cap). */
  creditsEarned: z.number().int().min(0),
})
export type ReferralInvitee = z.infer<typeof ReferralInviteeSchema>

export const ReferralsResponseSchema = z.object({
  referralCode: z.string(),
  /** The share link's path in the app: `/r/{code}`. */
  sharePath: z.string(),
  /** Credits each side gets when an invitee qualifies. */
  rewardCredits: z.number().int().min(0),
  /** Referrals a referrer is rewarded for per calendar month (UTC). */
  monthlyCap: z.number().int().min(0),
  /** The referrer's rewarded referrals this month that counted toward the cap. */
  rewardedThisMonth: z.number().int().min(0),
  redeemWindowDays: z.number().int(),
  invitees: z.array(ReferralInviteeSchema),
  totalCreditsEarned: z.number().int().min(0),
})
export type ReferralsResponse = z.infer<typeof ReferralsResponseSchema>

export const ReferralInvitationBodySchema = z.object({
  email: z.email('Enter a valid email address').max(254),
})
export type ReferralInvitationBody = z.infer<typeof ReferralInvitationBodySchema>

export const ReferralInvitationResponseSchema = z.object({
  email: z.string(),
  /** False when this address had already been invited by this user: nothing was sent again. */
  sent: z.boolean(),
})
export type ReferralInvitationResponse = z.infer<typeof ReferralInvitationResponseSchema>

export const RedeemReferralBodySchema = z.object({
  /** Case does not matter; spaces and dashes are ignored. */
  code: z.string().trim().min(1, 'Enter a referral code').max(64),
})
export type RedeemReferralBody = z.infer<typeof RedeemReferralBodySchema>

export const RedeemReferralResponseSchema = z.object({
  referralId: z.uuid(),
  status: ReferralStatusSchema,
  /** The invitee already qualifies (the reward follows within seconds). */
  qualified: z.boolean(),
  rewardCredits: z.number().int().min(0),
})
export type RedeemReferralResponse = z.infer<typeof RedeemReferralResponseSchema>

export const PublicReferralCodeSchema = z.object({
  referralCode: z.string(),
  /** The inviter's first name, or null when their profile has none. */
  inviterFirstName: z.string().nullable(),
})
export type PublicReferralCode = z.infer<typeof PublicReferralCodeSchema>
