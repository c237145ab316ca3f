export { registerWebConfigRoutes } from './web-config.routes.ts'
export { buildWebConfig, publicUrls } from './web-config.ts'
