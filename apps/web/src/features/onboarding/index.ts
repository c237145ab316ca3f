// The onboarding feature's public face: what routes (and only routes) use. Everything else in
// features/onboarding is private to it; eslint/web-boundaries.js rejects imports that reach past this file.
export { OnboardingMessagesPanel } from './components/onboarding-messages-panel'
export { OnboardingNotFound } from './components/onboarding-not-found'
export { OnboardingWizard } from './components/onboarding-wizard'
export { FIRST_ONBOARDING_STEP, isOnboardingStep } from './lib/steps'
