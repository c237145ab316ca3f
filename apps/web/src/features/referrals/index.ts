// The referrals feature's public face: what routes (and only routes) use. Everything else in
// features/referrals is private to it; eslint/web-boundaries.js rejects imports that reach past this file.
export { PendingReferralRedeemer } from './components/pending-referral-redeemer'
export { type ReferralLandingViewer, ReferralLandingPage } from './components/referral-landing-page'
export { type ReferralsViewer, ReferralsPage } from './components/referrals-page'
