export { registerWebAppRoutes } from './web-app.routes.ts'
