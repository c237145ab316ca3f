export { registerWebAppRoutes } from './web-app.routes.ts'
export {
  PERMISSIONS_POLICY,
  registerSecurityHeaders,
  setPageHeaders,
  webAppContentSecurityPolicy,
} from './security-headers.ts'
