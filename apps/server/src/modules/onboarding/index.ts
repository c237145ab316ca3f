export { registerOnboardingRoutes } from './onboarding.routes.ts'
