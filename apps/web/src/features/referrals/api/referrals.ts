/**
 * The referral calls (issue 18; the API in packages/contracts/src/referrals.ts): the seeker's
 * code, rules and invitees; an invitation by email; redeeming a remembered code; and the public
 * read of a share link's code. Each sends this browser's device id (`x-device-id`).
 */
import {
  DEVICE_ID_HEADER,
  PublicReferralCodeSchema,
  RedeemReferralResponseSchema,
  ReferralInvitationResponseSchema,
  ReferralsResponseSchema,
} from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'
import { deviceId } from '../lib/referral-storage'

export const referralKeys = {
  all: ['referrals'] as const,
  mine: (userId: string) => ['referrals', 'mine', userId] as const,
  publicCode: (code: string) => ['referrals', 'public', code] as const,
}

function deviceHeaders(): Record<string, string> {
  const id = deviceId()
  return id ? { [DEVICE_ID_HEADER]: id } : {}
}

/** The seeker's code, the rules, and the invitees so far. */
export function myReferralsQuery(userId: string) {
  return queryOptions({
    queryKey: referralKeys.mine(userId),
    queryFn: ({ signal }) =>
      apiRequest('referrals', {
        schema: ReferralsResponseSchema,
        headers: deviceHeaders(),
        signal,
      }),
  })
}

/** Who shared this code (their first name), or an `ApiError` `referral_code_invalid`. */
export function publicReferralCodeQuery(code: string) {
  return queryOptions({
    queryKey: referralKeys.publicCode(code),
    queryFn: ({ signal }) =>
      apiRequest(`public/referrals/${encodeURIComponent(code)}`, {
        schema: PublicReferralCodeSchema,
        signal,
      }),
    retry: false,
  })
}

export function inviteByEmail(email: string) {
  return apiRequest('referrals', {
    method: 'POST',
    body: { email },
    schema: ReferralInvitationResponseSchema,
    headers: deviceHeaders(),
  })
}

export function redeemReferralCode(code: string) {
  return apiRequest('referrals/redeem', {
    method: 'POST',
    body: { code },
    schema: RedeemReferralResponseSchema,
    headers: deviceHeaders(),
  })
}
