export { registerOnboardingRoutes } from './onboarding.routes.ts'
export { findWizardJson } from './onboarding-messages.repository.ts'
export { saveWizardAnswers } from './wizard.repository.ts'
export { findProfileName } from './profile-name.repository.ts'
