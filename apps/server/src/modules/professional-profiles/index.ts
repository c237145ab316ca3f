export { registerProfessionalProfilesRoutes } from './professional-profiles.routes.ts'
