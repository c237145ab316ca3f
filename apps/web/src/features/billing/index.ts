// The billing feature's public face (issue 18): what routes (and only routes) use. Everything
// else in features/billing is private to it (eslint/web-boundaries.js).
//
// - /credits: the balance and its period, the plan and subscription, "Manage plan" (Stripe's
//   portal), the plans and packs side by side, the ledger's history; back from Checkout it
//   confirms the payment by reading GET /api/billing until the webhook has been processed.
// - The paywall: `PaywallHost` (in the app's layout route) provides `useOpenPaywall()` of
//   components/paywall-slot to every signed-in page; the jobs, resume and interviews features
//   open it where a 402 says credits ran out or a plan is needed.
// - `PaymentFailedBanner`: in the app shell on every signed-in page, from the same cached
//   overview (five minutes fresh), so navigation costs no request.
export { billingOverviewQuery } from './api/billing'
export { type CheckoutOutcome } from './components/checkout-return-status'
export { CreditsPage } from './components/credits-page'
export { PaymentFailedBanner } from './components/payment-failed-banner'
export { PaywallHost } from './components/paywall'
