/**
 * Referrals (issue 18, ADR 0029): codes, invitations, redeeming, and the rewards paid once the
 * invitee qualifies. Owns `public.referrals` and `public.referral_fingerprints`.
 */
export { registerReferralsRoutes, type ReferralsRouteDeps } from './referrals.routes.ts'
export { referralRewards, REFERRAL_REWARDS_INTERVAL_MS } from './referral-rewards.ts'
export {
  DEFAULT_REFERRAL_SETTINGS,
  type ReferralSettings,
  referralSettingsFromConfig,
  rewardDueReferrals,
  rewardReferral,
} from './referrals.service.ts'
